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
}

export interface TestPlan {
  /** Changed source files no changed test reaches. */
  gaps: TestGap[];
  /**
   * Tests to run, most direct first: the change's own new or changed tests, then the tests of each changed file
   * (findTestsFor: named like it, in its package), tests that call what changed, tests that import a changed
   * file, then tests that reach it through other modules. Runnable tests only (no fixtures, helpers or
   * setup files). At most 10.
   */
  testsToRun: string[];
  /** Reaching tests left off `testsToRun`. */
  moreTests: number;
}

/**
 * Imports are followed this deep: a test importing the package's entry (`got`'s source/index.ts) reaches
 * what the entry's modules import in turn. A gap is claimed only where no changed test reaches the file even
 * so, so the claim stays true; the tests to run are ranked by how directly they reach it.
 */
const IMPORT_DEPTH = 5;
/** findReachingTests' rank of a test that reaches a file only through other modules. */
const THROUGH_OTHERS = 3;
const CALLER_DEPTH = 2;
const MAX_TESTS_LISTED = 15;
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
  const referenced = new Map<string, Set<string>>();
  // The names a test must use to exercise a file it reaches only through other modules: what changed in it,
  // or, when no definition changed (module-level code), anything it defines.
  const usesOf = (path: string, symbols: ChangedSymbol[]) => {
    const worded = (names: string[]) => new Set(names.filter((n) => n.length >= 4 && !n.startsWith('__')));
    const changed = worded(symbols.map((c) => c.symbol.name));
    const wanted = changed.size > 0 ? changed : worded(index.symbolsIn(path).map((d) => d.name));
    return (test: string) => {
      if (!referenced.has(test)) referenced.set(test, new Set(index.referencedNames(test)));
      const names = referenced.get(test)!;
      return [...wanted].some((n) => names.has(n));
    };
  };
  // Per test, how directly it reaches the change (lower is closer); the change's own tests come first, whether
  // or not the index links them yet (a new test of a new file).
  const toRun = new Map<string, number>(changedTests.map((t) => [t.path, 0]));
  for (const file of files) {
    if (!needsTests(file, index)) continue;
    const symbols = changedSymbols.filter((c) => c.symbol.path === file.path);
    const reach = findReachingTests(file.path, { symbols, index, layout, packageTests });
    const uses = usesOf(file.path, symbols);
    for (const [test, rank] of reach) {
      // A test that reaches the file only through other modules (loading a package entry) and names nothing that
      // changed in it does not exercise the change: it is no test to run for it (it still counts against a gap).
      if (rank >= THROUGH_OTHERS && !changedTestPaths.has(test) && !uses(test)) continue;
      // Examples' and docs' own tests come last: they test the example, not the product.
      const ranked = changedTestPaths.has(test) ? 0 : rank + (findNonProductFolder(test) !== undefined ? 10 : 0);
      toRun.set(test, Math.min(ranked, toRun.get(test) ?? ranked));
    }
    const reaching = [...reach.keys()].sort();
    if (reaching.some((t) => changedTestPaths.has(t))) continue;
    if (namesWhatChanged(addedText, file.path, symbols)) continue;
    if (!byConvention.has(file.path)) continue;
    if (reachesThroughPackageEntry(file.path, index, [...changedTestPaths])) continue;
    gaps.push({ path: file.path, reachedBy: reaching.slice(0, MAX_TESTS_LISTED) });
  }
  const ordered = [...toRun].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([test]) => test);
  return { gaps, testsToRun: ordered.slice(0, MAX_TESTS_TO_RUN), moreTests: Math.max(0, ordered.length - MAX_TESTS_TO_RUN) };
}

/** Product code only (classify-file.ts): not a test, config, declaration, bundle, vendored copy or a file the index skipped. */
function needsTests(file: DiffFile, index: CodeIndex): boolean {
  const language = findLanguage(file.path);
  if (!language || language === 'rust' || file.binary || file.status === 'deleted') return false;
  return isProductCode(file.path, index.getFile(file.path)) && file.additions + file.deletions > 0 && !onlyComments(file, language);
}

/** A change to comments and blank lines only (a typo in a doc comment) asks for no test. */
function onlyComments(file: DiffFile, language: string): boolean {
  const comment = language === 'python' || language === 'ruby' ? /^\s*(#|$)/ : /^\s*(\/\/|\/\*|\*|$)/;
  return file.hunks.every((h) => h.lines.every((l) => l.kind === 'context' || comment.test(l.text)));
}

/**
 * Runnable tests reaching a changed file, each with how: 1 its own tests (findTestsFor) and tests that call
 * what changed, 2 tests that import the file or share its package, 3+ through other modules.
 */
function findReachingTests(
  path: string,
  context: { symbols: ChangedSymbol[]; index: CodeIndex; layout: TestLayout; packageTests: PackageTests },
): Map<string, number> {
  const { index, layout } = context;
  const tests = new Map<string, number>();
  const note = (test: string, rank: number) => {
    if (layout.isTest(test)) tests.set(test, Math.min(rank, tests.get(test) ?? rank));
  };
  const own = findTestsFor(path, { index, layout, focus: context.symbols.map((c) => c.symbol.name), max: MAX_TESTS_TO_RUN });
  if (own.kind === 'found') for (const test of own.tests) note(test.path, 1);
  const importers = index.importers(path, IMPORT_DEPTH);
  for (const hit of importers) note(hit.path, hit.depth + 1);
  for (const [file, depth] of [[path, 0] as const, ...importers.map((h) => [h.path, h.depth] as const)]) {
    for (const test of context.packageTests.samePackage(file)) note(test, depth + 2);
  }
  for (const changed of context.symbols) {
    for (const caller of index.callers(changed.symbol.id, CALLER_DEPTH)) note(caller.path, 1);
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
function namesWhatChanged(addedText: string, path: string, symbols: ChangedSymbol[]): boolean {
  if (addedText === '') return false;
  const names = symbols.map((c) => c.symbol.name).filter((n) => n.length >= 4);
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const module = stem === '__init__' || stem === 'index' ? (path.split('/').at(-2) ?? stem) : stem;
  const words = [...names, ...(module.length >= 4 ? [module] : [])];
  return words.some((w) => new RegExp(`(?<![\\w$])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).test(addedText));
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
