import { isAmbiguousName } from '../code-index/ambiguous-names.js';
import type { CodeIndex } from '../code-index/code-index.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import type { ImportBinding } from '../code-index/read-import-bindings.js';
import { findNameReach, type NameReach } from './find-name-reach.js';
import { findNamedTests, JVM_LANGUAGES, type NameMatch } from './find-named-tests.js';
import type { TestLayout, WordMatch } from './test-layout.js';
import { countMirroredFolders, isFolderFile, toModuleFolders, toSourceStem, toTestStem } from './test-stems.js';

/** One test of a source file, and how it was found ("named like it, imports it"). */
export interface FoundTest {
  path: string;
  how: string;
}

/**
 * The tests of a source file, best first; or, when there are none, why:
 * `none` only when the module is sure (no test imports it at any depth, none
 * calls what it defines, none is named like it), `unknown` when it cannot
 * tell (tests reach it only through other modules, the index is partial).
 */
export type TestsFor = { kind: 'found'; tests: FoundTest[] } | { kind: 'none'; why: string } | { kind: 'unknown'; why: string };

/** The sentence of a sure negative: exactly what was looked for. */
export const NO_TEST_FOUND = 'no test imports it, calls its code or is named like it';

export const MAX_TESTS = 3;
/** Tests importing the file through this many modules (a package's entry re-exporting a subpackage) still count when they use its names. */
const THROUGH_DEPTH = 4;
/** Importers are followed this far to tell "no test reaches it" from "tests reach it through other modules". */
const REACH_DEPTH = 5;
/** Names of the file looked up across the tree before a negative is claimed (the most specific first). */
const MAX_NAMES_CHECKED = 12;
/** Languages whose code reaches a test only through what the index sees: imports, packages, calls. */
const STATIC_LANGUAGES = new Set(['go', 'rust', 'java', 'kotlin', 'csharp', 'c', 'cpp', 'scala', 'swift']);

interface Candidate {
  path: string;
  named?: NameMatch;
  inFolder: boolean;
  /** Import depth at which it reaches the file (at most REACH_DEPTH), Infinity when it does not. */
  depth: number;
  samePackage: boolean;
  inline: boolean;
  /** Named after a feature of the file: the words their names share, and how many one has that the other lacks. */
  words?: WordMatch;
  /** The file's names it imports through an entry that re-exports them, and the names it imports from elsewhere. */
  names?: NameReach;
}

interface Context {
  index: CodeIndex;
  layout: TestLayout;
  names: Set<string>;
  focus: string[][];
  go: boolean;
  /** Java, Kotlin, Scala, C#: one public class per file, its test named after the class. */
  jvm: boolean;
  path: string;
  stem: string;
  refs: (path: string) => Set<string>;
}

/**
 * Which tests cover a source file, by its ecosystem's conventions and the
 * index: a test named like it (`tree.go` and `tree_test.go`, `buildURL.js`
 * and `buildURL.spec.js`, `_decoders.py` and `test_decoders.py`,
 * `Foo.java` and `FooTest.java`; `http2/connection.py` and
 * `test_http2_connection.py`; a Go build variant's base, `static_test.go`
 * for `static_other.go`; an abbreviation, `req.accepts.js` for
 * `request.js`), tests in a test folder named after it
 * (`__tests__/request/` for `lib/request.js`), tests that import it, Go
 * tests of its package (same folder, `package x` or `package x_test`), JUnit
 * tests of its package under `src/test`, Rust's inline `mod tests`, tests
 * that import its names from an entry that re-exports them (find-name-reach:
 * `HTTPError` from `source/index.ts`), and tests that reach it through a
 * package entry and use the names it defines;
 * for a Go file no test names or uses, its package's own test (named after
 * the package). Ranked: named like it and reaching it; then reaching it
 * directly; then importing its names through an entry; then using its code
 * through other modules; a mirrored folder (`lib/helpers/` and
 * `test/specs/helpers/`) breaks ties, then the plan's own symbols (`focus`).
 */
export function findTestsFor(
  path: string,
  options: {
    index: CodeIndex;
    layout: TestLayout;
    focus?: string[];
    max?: number;
    /**
     * Only tests with direct evidence: named for the file or in a folder named after it, importing it, in its
     * package, inline. Leaves out a test that only loads it through other modules and uses a name it defines
     * (a review's tests to run claim they exercise the change; a plan may still point at such a test).
     */
    direct?: boolean;
  },
): TestsFor {
  const { index, layout } = options;
  const file = index.getFile(path);
  if (!file) return { kind: 'unknown', why: 'it is not in the index' };
  if (layout.isTest(path)) return { kind: 'found', tests: [{ path, how: 'it is a test' }] };
  const defined = index.symbolsIn(path);
  const names = new Set(defined.map((s) => s.name).filter((n) => n.length >= 3 && !isAmbiguousName(n)));
  const focus = (options.focus ?? []).map((s) => s.split('.').filter((n) => names.has(n))).filter((parts) => parts.length > 0);
  const go = file.language === 'go';
  const found = new Map<string, Candidate>();
  const get = (p: string) => {
    let c = found.get(p);
    if (!c) found.set(p, (c = { path: p, inFolder: false, depth: Infinity, samePackage: false, inline: false }));
    return c;
  };
  const reach = new Map<string, number>();
  for (const hit of index.importers(path, REACH_DEPTH)) {
    if (layout.isTest(hit.path)) reach.set(hit.path, Math.min(hit.depth, reach.get(hit.path) ?? Infinity));
  }
  for (const [test, depth] of reach) if (depth <= THROUGH_DEPTH) get(test).depth = depth;
  // The names each test imports, followed through the entries that re-export them (JS/TS, Python).
  const all = new Set(defined.map((s) => s.name));
  const refsRead = new Map<string, Set<string>>();
  const refs = (p: string) => {
    let found = refsRead.get(p);
    if (!found) refsRead.set(p, (found = new Set(index.referencedNames(p))));
    return found;
  };
  const cache = { bindings: new Map<string, ImportBinding[]>(), exposed: new Map<string, boolean>(), refs };
  // A test importing the file itself needs none of this (its names are the file's).
  for (const [test, depth] of reach) if (depth > 1) get(test).names = findNameReach(test, path, { index, defined: all, cache });
  for (const test of packageTests(path, layout, file.language)) get(test).samePackage = true;
  const named = findNamedTests(path, { layout, language: file.language });
  // An abbreviation or a folder's name says little alone: the test must reach the file too.
  for (const [test, match] of named.byName) {
    if (match.kind !== 'abbreviation' || reach.has(test)) Object.assign(get(test), { named: match, depth: reach.get(test) ?? Infinity });
  }
  for (const test of named.inFolder) if (reach.has(test)) Object.assign(get(test), { inFolder: true, depth: reach.get(test)! });
  // A suite named after a feature of the file (got's test/retry.ts for calculate-retry-delay.ts), when none is named
  // after the file itself: a weak name, so the test must reach the file too (a Go test: sit in its package).
  if (![...named.byName.values()].some((m) => m.kind !== 'abbreviation')) {
    for (const match of layout.testsSharingWords(path)) {
      const test = match.test;
      if (reach.has(test) || (go && found.get(test)?.samePackage)) get(test).words = match;
      if (reach.has(test)) get(test).depth = reach.get(test)!;
    }
  }
  if (file.language === 'rust' && defined.some((s) => s.name === 'tests' && /mod/.test(s.kind))) get(path).inline = true;

  const jvm = JVM_LANGUAGES.has(file.language);
  const context: Context = { index, layout, names, focus, go, jvm, path, stem: toSourceStem(path), refs };
  const scored = [...found.values()].map((c) => score(c, context)).filter((r) => r.score > 0);
  // The first of the plan's symbols any test uses (a method, else its class) is the code the tests must cover;
  // a test that only uses the file's other code stands back, or out when it reaches the file only through others.
  const first = focus.findIndex((_, i) => scored.some((r) => r.focusHits[i]! > 0));
  const onFocus = (r: (typeof scored)[number]) => (first < 0 ? 0 : r.focusHits[first]!);
  // Among tests that use it alike, one named after it (express' test/res.cookie.js for res.cookie) is its own.
  const namesFocus = (r: (typeof scored)[number]) => (first < 0 ? 0 : isNamedAfterSymbol(r.path, focus[first]!.at(-1)!) ? 1 : 0);
  // A test of an example or tutorial (flask's examples/tutorial/tests/) tests that app: after the product's own.
  const productFile = findNonProductFolder(path) === undefined;
  const asExample = (r: Scored) => (productFile && findNonProductFolder(r.path) !== undefined ? 1 : 0);
  const kept = scored
    .filter((r) => (first < 0 || onFocus(r) > 0 || r.score > 2) && (!options.direct || r.direct))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.tie - a.tie ||
        (a.extra ?? Infinity) - (b.extra ?? Infinity) ||
        onFocus(b) - onFocus(a) ||
        namesFocus(b) - namesFocus(a) ||
        asExample(a) - asExample(b) ||
        b.uses - a.uses ||
        a.path.localeCompare(b.path),
    );
  if (kept.length > 0) return { kind: 'found', tests: kept.slice(0, options.max ?? MAX_TESTS).map((r) => ({ path: r.path, how: r.how })) };
  const reached = [...found.values()];
  return explainNoTest(path, {
    index,
    layout,
    language: file.language,
    names,
    reached: [...new Set([...reached.filter((c) => !c.samePackage).map((c) => c.path), ...reach.keys()])],
    samePackage: reached.filter((c) => c.samePackage).map((c) => c.path),
  });
}

interface Scored {
  path: string;
  score: number;
  uses: number;
  focusHits: number[];
  how: string;
  /** Named for the file, in a folder named after it, importing it, in its package or inline: not only through others. */
  direct: boolean;
  /** For a test named after a feature of the file, the words one name has and the other lacks; else Infinity. */
  extra?: number;
  /**
   * How it reaches the file, strongest first: 3 imports it (or shares its package), 2 imports its names through an
   * entry, 1 uses its names through other modules, 0 otherwise. At one score the stronger tie ranks first, so a
   * feature's name only orders tests tied alike (got's response-parse.ts importing `parseBody` from the entry does not
   * pass stream.ts, which imports response.ts).
   */
  tie: number;
}

function score(c: Candidate, context: Context): Scored {
  const refs = c.inline ? new Set<string>() : context.refs(c.path);
  const focusHits = context.focus.map((parts) => parts.filter((n) => refs.has(n)).length);
  if (c.inline) return { path: c.path, score: 20, uses: 0, focusHits, how: 'tests it inline (mod tests)', direct: true, tie: 3 };
  let uses = 0;
  // A name the test imports from elsewhere is not the file's (ky's tests' `setTimeout as delay`, not utils/delay.ts).
  for (const name of context.names) if (refs.has(name) && !c.names?.foreign.has(name)) uses++;
  const bound = c.names?.bound ?? [];
  const how: string[] = [];
  let feature: string | undefined;
  let points = 0;
  // Go and JVM imports name a package, not a file: importing it says nothing about this file unless its names are used.
  // So does sharing its package (a Go folder, a JUnit test under the mirrored src/test package): a test there that
  // uses none of its names tests another file of the package.
  const direct = (c.depth === 1 && !context.go) || (c.samePackage && uses > 0);
  // Importing the file's own names from an entry that re-exports them: weaker than importing the file, stronger than
  // only using a name it defines somewhere below (`imports HTTPError through source/index.ts`).
  const byNames = !direct && bound.length > 0;
  const through = !direct && !byNames && c.depth <= THROUGH_DEPTH && uses > 0;
  const named = c.named && isNamedFor(c, context) ? c.named : undefined;
  if (named) {
    // A JVM test class named after the class (`FooTest` for `Foo`, no rival `Foo` elsewhere) is its test wherever its
    // package is: gson's functional/TypeAdapterRuntimeTypeWrapperTest reaches internal/bind's class through Gson.
    const reaches =
      direct ||
      byNames ||
      through ||
      c.samePackage ||
      countMirroredFolders(context.path, c.path) > 0 ||
      (context.jvm && named.kind === 'exact');
    how.push(describeName(named, context.path));
    points += named.kind === 'abbreviation' ? 7 : (reaches ? 10 : 5) + (named.kind === 'flattened' ? 2 : 0);
  } else if (c.inFolder) {
    how.push('in a folder named after it');
    points += 6;
  } else if (c.words?.implementation) {
    // An interface is tested by its implementation's test, more surely than by every test that imports it for a type.
    how.push(`named after its implementation (${c.words.words.join(' ')})`);
    points += 5;
  } else if (c.words) {
    // Weaker than any tie of the file's own (its name, an import, its package): it ranks a suite among tests that
    // reach the file alike, and names one that reaches it without using its names (got's retry.ts).
    feature = `named after a feature of it (${c.words.words.join(' ')})`;
    points += 1;
  }
  if (direct) {
    how.push(c.samePackage ? 'in its package' : 'imports it');
    points += 4;
  } else if (byNames) {
    how.push(`imports ${bound.slice(0, 2).join(', ')}${bound.length > 2 ? '…' : ''} from ${c.names!.via}`);
    points += 3;
  } else if (through) {
    how.push(c.depth === 1 ? 'imports its package and uses its code' : 'calls its code');
    points += c.depth <= 2 ? 2 : 1;
  }
  // The weakest reason is said last: "imports it, named after a feature of it (request)".
  if (feature !== undefined) how.push(feature);
  if (points === 0 && context.go && c.samePackage && isPackageOwnTest(c.path, context)) {
    return { path: c.path, score: 1, uses, focusHits, how: "its package's own test", direct: true, tie: 0 };
  }
  // A file no test uses is tested through the files of its package that use it: gson's stream/JsonScope.java by
  // JsonReaderTest, the test named after JsonReader.java, which uses it.
  const user = points === 0 && c.samePackage ? findTestedUser(c.path, context) : undefined;
  if (user !== undefined) return { path: c.path, score: 1, uses, focusHits, how: `tests ${user}, which uses it`, direct: false, tie: 0 };
  if (points === 0) return { path: c.path, score: 0, uses, focusHits, how: '', direct: false, tie: 0 };
  if (toModuleFolders(c.path).some((d) => toTestStem(`${d}.x`) === context.stem)) points += 2;
  // A test named after the package of the file (gin's binding/binding_test.go for binding/plain.go) is the package's own.
  const folder = context.path.split('/').at(-2);
  if (!c.named && folder !== undefined && toTestStem(c.path) === toTestStem(`${folder}.x`)) points += 1;
  points += Math.min(2, countMirroredFolders(context.path, c.path));
  // A Go test importing the file's package and using its names imports the changed module: direct too.
  const viaImport = through && c.depth === 1;
  const extra = named || c.inFolder ? undefined : c.words?.extra;
  // A test that imports its names through an entry still loads it through other modules: not direct (a review's tests to run).
  const tied = !!named || c.inFolder || direct || viaImport;
  const tie = direct ? 3 : byNames ? 2 : through ? 1 : 0;
  return { path: c.path, score: points, uses: uses + bound.length, focusHits, how: how.join(', '), direct: tied, extra, tie };
}

function describeName(match: NameMatch, path: string): string {
  if (match.kind === 'variant') return `named like it (a build variant of ${match.base})`;
  if (match.kind === 'abbreviation') return `named like it (${match.prefix} for ${toFileName(path)})`;
  return 'named like it';
}

/**
 * A test named like several files is the test of the one it fits best: the fewest folders its own path does
 * not mirror, then the fewest imports away (urllib3's test/test_connection.py is connection.py's, not
 * http2/connection.py's; test/test_response.py is response.py's, not util/response.py's; axios'
 * test/unit/core/Axios.js is lib/core/Axios.js's, not lib/axios.js's). A tie keeps it for each.
 */
function isNamedFor(c: Candidate, context: Context): boolean {
  if (context.go || c.named!.kind !== 'exact') return true;
  const rivals = context.layout.sourcesNamed(context.stem, context.path).filter((p) => p !== context.path);
  if (rivals.length === 0) return true;
  const depths = new Map(context.index.imports(c.path, REACH_DEPTH).map((f) => [f.path, f.depth]));
  const fit = (source: string) =>
    [toModuleFolders(source).length - countMirroredFolders(source, c.path), depths.get(source) ?? Infinity] as const;
  const [folders, depth] = fit(context.path);
  return rivals.every((r) => {
    const [f, d] = fit(r);
    return folders < f || (folders === f && depth <= d);
  });
}

/** A test whose file name has the symbol's name as one of its parts: `res.cookie.js`, `help.padWidth.test.js`, `test_send.py`. */
function isNamedAfterSymbol(test: string, name: string): boolean {
  const parts = test.slice(test.lastIndexOf('/') + 1).split(/[._-]/);
  return parts.some((p) => p.toLowerCase() === name.toLowerCase());
}

/** A file's name as its tests are named after it: `request` for `lib/request.js`, `http2` for `http2/__init__.py`. */
function toFileName(path: string): string {
  const parts = path.split('/');
  const name = parts.at(-1)!.replace(/\..*$/, '');
  return isFolderFile(path) && parts.length > 1 ? parts.at(-2)! : name;
}

/** The file of the source's own folder a same-package test is named after, when that file uses the source's names. */
function findTestedUser(test: string, context: Context): string | undefined {
  const dir = context.path.slice(0, context.path.lastIndexOf('/') + 1);
  const named = context.layout.sourcesNamed(toTestStem(test), context.path);
  const user = named.find((s) => s !== context.path && s.slice(0, s.lastIndexOf('/') + 1) === dir);
  if (user === undefined) return undefined;
  const refs = new Set(context.index.referencedNames(user));
  return [...context.names].some((n) => refs.has(n)) ? user.slice(user.lastIndexOf('/') + 1) : undefined;
}

/** A Go test named after its package (`checker_test.go` in package `checker`): the package's own tests. */
function isPackageOwnTest(test: string, context: Context): boolean {
  const dir = context.path.includes('/') ? context.path.slice(0, context.path.lastIndexOf('/')) : '';
  const name = context.layout.goPackageName(dir);
  return name !== undefined && toTestStem(test) === toTestStem(`${name}.go`);
}

/** Go tests in the file's folder; JUnit tests in the same package under `src/test/<lang>`. */
function packageTests(path: string, layout: TestLayout, language: string): string[] {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  if (language === 'go') return layout.testsIn(dir).filter((t) => t.endsWith('_test.go'));
  if (language === 'java' || language === 'kotlin') {
    const mirrored = dir.replace(/(^|\/)src\/main\/(java|kotlin)(?=\/|$)/, '$1src/test/$2');
    return mirrored === dir ? [] : layout.testsIn(mirrored);
  }
  return [];
}

/** Why no test was named: a sure negative only when nothing in the tests reaches the file or uses its names. */
function explainNoTest(
  path: string,
  context: { index: CodeIndex; layout: TestLayout; language: string; names: Set<string>; reached: string[]; samePackage: string[] },
): TestsFor {
  const { index, layout } = context;
  const state = index.state();
  if (!state.complete) return { kind: 'unknown', why: 'the index is partial, so its tests could not be told' };
  if (layout.testCount === 0) return { kind: 'unknown', why: 'no test file was recognised in the repository' };
  if (context.samePackage.length > 0) {
    const some = context.samePackage.slice(0, 2).join(', ');
    return { kind: 'unknown', why: `its package has tests (${some}), but none is named like it or uses its names` };
  }
  const reaching =
    context.reached.length > 0
      ? context.reached
      : index
          .importers(path, REACH_DEPTH)
          .filter((h) => layout.isTest(h.path))
          .map((h) => h.path);
  if (reaching.length > 0) {
    const some = reaching.slice(0, 2).join(', ');
    return { kind: 'unknown', why: `tests reach it only through other modules (${some}), and none is named like it or uses its names` };
  }
  // The most specific names first: long ones are defined in one place; a test using one may reach the file dynamically.
  const specific = [...context.names].sort((a, b) => b.length - a.length).slice(0, MAX_NAMES_CHECKED);
  for (const name of specific) {
    const user = index.findReferences(name, 200).find((r) => layout.isTest(r.path));
    if (user) return { kind: 'unknown', why: `${user.path} uses ${name}, which it defines, without importing it` };
  }
  // Code in a dynamic language can run under a test with no import the index can see: a bundler's mapping
  // (axios' lib/platform/browser under karma), a script a test starts, a plugin loaded by name.
  if (!STATIC_LANGUAGES.has(context.language))
    return { kind: 'unknown', why: `${NO_TEST_FOUND}, but it may still run under a test that loads it another way` };
  return { kind: 'none', why: NO_TEST_FOUND };
}
