import escapeStringRegexp from 'escape-string-regexp';
import type { CodeIndex } from '../code-index/code-index.js';
import { findLanguage } from '../code-index/languages.js';
import { isProductCode } from '../repo/classify-file.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import { findTestsFor } from '../tests/find-tests-for.js';
import { TestLayout } from '../tests/test-layout.js';
import type { ChangedSymbol } from './find-changed-symbols.js';
import { findMissingTests } from './find-missing-tests.js';
import type { DiffFile } from './parse-diff.js';

export interface TestGap {
  path: string;
  /** Tests the index says reach this file (they import it, or call what changed); none of them changed. */
  reachedBy: string[];
  /** How many more reach it than `reachedBy` lists. */
  moreReaching: number;
}

export interface TestPlan {
  /** Changed source files no changed test reaches. */
  gaps: TestGap[];
  /**
   * Tests to run, each with direct evidence, most direct first: the change's own new or changed tests, then the
   * tests of each changed file (findTestsFor: named for it, in a folder named after it, in its package), tests
   * whose calls the index resolved to what changed, and tests that import a changed file. Runnable tests only
   * (no fixtures, helpers or setup files). At most 10.
   */
  testsToRun: string[];
  /** Tests with the same evidence left off `testsToRun` by its cap. */
  moreTests: number;
  /**
   * Tests that reach a changed file only indirectly (through a package entry or other modules, or by calling
   * code that calls what changed): nothing shows they exercise the change, so none is a test to run.
   */
  indirectTests: number;
}

/**
 * Imports are followed this deep: a test importing the package's entry (`got`'s source/index.ts) reaches
 * what the entry's modules import in turn. A gap is claimed only where no changed test reaches the file even
 * so, so the claim stays true; the tests to run are ranked by how directly they reach it.
 */
const IMPORT_DEPTH = 5;
const CALLER_DEPTH = 2;
const MAX_TESTS_LISTED = 5;
const MAX_TESTS_TO_RUN = 10;

/**
 * Which tests reach the changed code, judged by the index rather than by
 * file names: a test reaches a source file when it imports it (directly or
 * through a package entry) or calls a symbol the change touched. A changed
 * source file is a gap only when no changed test reaches it, no added test
 * line names what changed (a new test the index has not seen), and no test
 * named or placed after it changed (the old conventions still count).
 * Only code nanodex parses counts; Rust keeps unit tests beside the code.
 */
export function findTestGaps(
  files: DiffFile[],
  context: { changedSymbols: ChangedSymbol[]; index: CodeIndex; layout?: TestLayout },
): TestPlan {
  const { changedSymbols, index } = context;
  const layout = context.layout ?? new TestLayout(index.listFiles().map((f) => f.path));
  const packageTests = new PackageTests(index, layout);
  const changedTests = files.filter(
    (f) => f.status !== 'deleted' && layout.isTest(f.path) && (f.additions + f.deletions > 0 || f.status === 'added'),
  );
  const changedTestPaths = new Set(changedTests.map((t) => t.path));
  const addedText = changedTests
    .map((t) => t.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add').map((l) => l.text)).join('\n'))
    .join('\n');
  const byConvention = new Set(findMissingTests(files, layout).map((m) => m.path));
  const gaps: TestGap[] = [];
  // Per test, how directly it reaches the change (lower is closer); the change's own tests come first, whether
  // or not the index links them yet (a new test of a new file).
  const toRun = new Map<string, number>(changedTests.map((t) => [t.path, 0]));
  const indirect = new Set<string>();
  for (const file of files) {
    if (!needsTests(file, index)) continue;
    const symbols = changedSymbols.filter((c) => c.symbol.path === file.path);
    const reach = findReachingTests(file.path, { symbols, index, layout, packageTests });
    // Code the change only added (a new function in an existing file) changes nothing an existing test runs:
    // only tests that call it are tests to run (cobra's new NoDuplicateArgs is no reason to run every test of the package).
    const callingNew = onlyAddsSymbols(file, symbols)
      ? new Set(symbols.flatMap((c) => index.callers(c.symbol.id, 1).map((caller) => caller.path)))
      : undefined;
    for (const [test, { rank, direct }] of reach) {
      if (callingNew && !callingNew.has(test) && !changedTestPaths.has(test)) continue;
      // A test that reaches the file only through other modules (a package entry that imports everything, as
      // requests' __init__.py does) or calls code that calls what changed may never run the changed lines: it
      // is no test to run (it still counts against a gap), whatever names it shares with the file.
      if (!direct) {
        indirect.add(test);
        continue;
      }
      // Examples' and docs' own tests come last: they test the example, not the product.
      const ranked = changedTestPaths.has(test) ? 0 : rank + (findNonProductFolder(test) !== undefined ? 10 : 0);
      toRun.set(test, Math.min(ranked, toRun.get(test) ?? ranked));
    }
    // The closest first; an example's or docs' own tests (they import the package too) after the product's.
    const reaching = [...reach]
      .map(([test, { rank }]) => ({ test, rank: rank + (findNonProductFolder(test) !== undefined ? 10 : 0) }))
      .sort((a, b) => a.rank - b.rank || a.test.localeCompare(b.test))
      .map((r) => r.test);
    if (reaching.some((t) => changedTestPaths.has(t))) continue;
    if (namesWhatChanged(addedText, file, symbols)) continue;
    if (!byConvention.has(file.path)) continue;
    // Code only taken away, none of it inside a definition that stays (a deprecated function removed): no test can
    // reach what is gone; whether anything still uses it is removed-still-used's question.
    if (file.additions === 0 && symbols.length === 0) continue;
    if (reachesThroughPackageEntry(file.path, index, [...changedTestPaths])) continue;
    gaps.push({
      path: file.path,
      reachedBy: reaching.slice(0, MAX_TESTS_LISTED),
      moreReaching: Math.max(0, reaching.length - MAX_TESTS_LISTED),
    });
  }
  const ordered = [...toRun].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([test]) => test);
  return {
    gaps,
    testsToRun: ordered.slice(0, MAX_TESTS_TO_RUN),
    moreTests: Math.max(0, ordered.length - MAX_TESTS_TO_RUN),
    indirectTests: [...indirect].filter((t) => !toRun.has(t)).length,
  };
}

/** The change only added lines to `file`, and each is blank, a comment, or in a symbol the change added whole. */
function onlyAddsSymbols(file: DiffFile, symbols: ChangedSymbol[]): boolean {
  const added = symbols.filter((c) => c.change === 'added').map((c) => c.symbol);
  if (added.length === 0 || file.deletions > 0) return false;
  const comment = commentOrBlank(findLanguage(file.path) ?? '');
  return file.hunks.every((h) =>
    h.lines.every(
      (l) => l.kind !== 'add' || comment.test(l.text) || added.some((s) => s.startLine <= l.newLine! && l.newLine! <= s.endLine),
    ),
  );
}

/** Product code only (classify-file.ts): not a test, config, declaration, bundle, vendored copy or a file the index skipped. */
function needsTests(file: DiffFile, index: CodeIndex): boolean {
  const language = findLanguage(file.path);
  if (!language || language === 'rust' || file.binary || file.status === 'deleted') return false;
  return isProductCode(file.path, index.getFile(file.path)) && file.additions + file.deletions > 0 && !onlyComments(file, language);
}

/** A change to comments and blank lines only (a typo in a doc comment) asks for no test. */
function onlyComments(file: DiffFile, language: string): boolean {
  const comment = commentOrBlank(language);
  return file.hunks.every((h) => h.lines.every((l) => l.kind === 'context' || comment.test(l.text)));
}

/** A line that is blank or a comment in the language. */
function commentOrBlank(language: string): RegExp {
  return language === 'python' || language === 'ruby' ? /^\s*(#|$)/ : /^\s*(\/\/|\/\*|\*|$)/;
}

/** How a test reaches a changed file: its rank (lower is closer) and whether the evidence is direct. */
interface Reach {
  rank: number;
  direct: boolean;
}

/**
 * Runnable tests reaching a changed file, each with how. Direct: 1 its own tests (findTestsFor with direct
 * evidence: named for it, in a folder named after it, in its package) and tests whose calls the index resolved
 * to what changed, 2 tests that import the file or share its JVM package. Indirect: tests reaching it through
 * other modules (3+), calling code that calls what changed, or sharing the package of a module that imports it.
 */
function findReachingTests(
  path: string,
  context: { symbols: ChangedSymbol[]; index: CodeIndex; layout: TestLayout; packageTests: PackageTests },
): Map<string, Reach> {
  const { index, layout } = context;
  const tests = new Map<string, Reach>();
  const note = (test: string, rank: number, direct: boolean) => {
    if (!layout.isTest(test)) return;
    const had = tests.get(test);
    tests.set(test, { rank: Math.min(rank, had?.rank ?? rank), direct: direct || (had?.direct ?? false) });
  };
  const focus = context.symbols.map((c) => c.symbol.name);
  const own = findTestsFor(path, { index, layout, focus, max: MAX_TESTS_TO_RUN, direct: true });
  // In findTestsFor's order (named for the file before a test that only imports it), all ahead of rank 2.
  if (own.kind === 'found') own.tests.forEach((test, i) => note(test.path, 1 + i / own.tests.length, true));
  const importers = index.importers(path, IMPORT_DEPTH);
  for (const hit of importers) note(hit.path, hit.depth + 1, hit.depth === 1);
  for (const [file, depth] of [[path, 0] as const, ...importers.map((h) => [h.path, h.depth] as const)]) {
    for (const test of context.packageTests.samePackage(file)) note(test, depth + 2, depth === 0);
  }
  for (const changed of context.symbols) {
    for (const caller of index.callers(changed.symbol.id, CALLER_DEPTH)) note(caller.path, caller.depth, caller.depth === 1);
  }
  return tests;
}

/**
 * Python runs a package's `__init__.py` before any module in it: a test importing `click._compat` runs
 * `click/__init__.py`, and with it every module that entry imports. A changed Python test importing any
 * module of a package whose entry reaches the file reaches the file too (asked only before claiming a gap).
 */
function reachesThroughPackageEntry(path: string, index: CodeIndex, changedTests: string[]): boolean {
  if (!path.endsWith('.py')) return false;
  const folders = [path, ...index.importers(path, IMPORT_DEPTH).map((h) => h.path)]
    .filter((p) => p === '__init__.py' || p.endsWith('/__init__.py'))
    .map((p) => p.slice(0, p.lastIndexOf('/') + 1));
  if (folders.length === 0) return false;
  return changedTests.some(
    (test) => test.endsWith('.py') && index.imports(test, 1).some((hit) => folders.some((f) => hit.path.startsWith(f))),
  );
}

/** A new or changed test line that names a changed symbol, or imports the file's module by its name. */
function namesWhatChanged(addedText: string, file: DiffFile, symbols: ChangedSymbol[]): boolean {
  if (addedText === '') return false;
  const { path } = file;
  const names = symbols.map((c) => c.symbol.name).filter((n) => n.length >= 4);
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const module = stem === '__init__' || stem === 'index' ? (path.split('/').at(-2) ?? stem) : stem;
  const words = [...names, ...(module.length >= 4 ? [module] : []), ...findAddedNames(file)];
  return words.some((w) => new RegExp(`(?<![\\w$])${escapeStringRegexp(w)}(?![\\w$])`).test(addedText));
}

/**
 * Compound names (camelCase, snake_case) of 8+ characters the change brought into a file: an option or a
 * field a changed test then sets (axios' `allowAbsoluteUrls`, added to lib/core/Axios.js and to
 * test/specs/options.spec.js) shows the test exercises the file, through whatever path the index cannot see.
 */
function findAddedNames(file: DiffFile): string[] {
  const lines = (kind: 'add' | 'delete') => file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === kind).map((l) => l.text));
  const compound = (text: string) => (text.match(/[A-Za-z_$][\w$]{7,}/g) ?? []).filter((w) => /[a-z][A-Z]|[A-Za-z]_[A-Za-z]/.test(w));
  const before = new Set(lines('delete').flatMap(compound));
  return [...new Set(lines('add').flatMap(compound))].filter((w) => !before.has(w));
}

const JVM_ROOT = /^(.*\/)?src\/(main|test)\/(java|kotlin)\//;

/**
 * Java and Kotlin tests sit in the package they test, under another source
 * root (`src/test/java/com/x/` for `src/main/java/com/x/`), and use its
 * classes without an import: they reach every file of that package.
 */
class PackageTests {
  private byPackage: Map<string, string[]> | undefined;

  constructor(
    private readonly index: CodeIndex,
    private readonly layout: TestLayout,
  ) {}

  samePackage(path: string): string[] {
    const key = packageOf(path);
    if (key === undefined) return [];
    this.byPackage ??= this.collect();
    return this.byPackage.get(key) ?? [];
  }

  private collect(): Map<string, string[]> {
    const byPackage = new Map<string, string[]>();
    for (const file of this.index.listFiles()) {
      const key = this.layout.isTest(file.path) ? packageOf(file.path) : undefined;
      if (key !== undefined) byPackage.set(key, [...(byPackage.get(key) ?? []), file.path]);
    }
    return byPackage;
  }
}

/** `module/com/x` for `module/src/test/java/com/x/FooTest.java`; undefined outside a JVM source root. */
function packageOf(path: string): string | undefined {
  const root = JVM_ROOT.exec(path);
  if (root === null) return undefined;
  const rest = path.slice(root[0].length);
  return `${root[1] ?? ''}${rest.slice(0, Math.max(0, rest.lastIndexOf('/')))}`;
}
