import { isAmbiguousName } from '../code-index/ambiguous-names.js';
import type { CodeIndex } from '../code-index/code-index.js';
import type { TestLayout } from './test-layout.js';
import { countMirroredFolders, toModuleFolders, toSourceStem, toTestStem } from './test-stems.js';

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

const MAX_TESTS = 3;
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
  named: boolean;
  depth: number;
  samePackage: boolean;
  inline: boolean;
}

/**
 * Which tests cover a source file, by its ecosystem's conventions and the
 * index: a test named like it (`tree.go` and `tree_test.go`, `buildURL.js`
 * and `buildURL.spec.js`, `_decoders.py` and `test_decoders.py`,
 * `Foo.java` and `FooTest.java`), tests that import it, Go tests of its
 * package (same folder, `package x` or `package x_test`), JUnit tests of its
 * package under `src/test`, Rust's inline `mod tests`, and tests that
 * reach it through a package entry and use the names it defines. Ranked:
 * named like it and reaching it; then reaching it directly; then using its
 * code through other modules; a mirrored folder (`lib/helpers/` and
 * `test/specs/helpers/`) and a folder named after it (`tests/models/` for
 * `_models.py`) break ties, then the plan's own symbols (`focus`).
 */
export function findTestsFor(path: string, options: { index: CodeIndex; layout: TestLayout; focus?: string[]; max?: number }): TestsFor {
  const { index, layout } = options;
  const file = index.getFile(path);
  if (!file) return { kind: 'unknown', why: 'it is not in the index' };
  if (layout.isTest(path)) return { kind: 'found', tests: [{ path, how: 'it is a test' }] };
  const defined = index.symbolsIn(path);
  const names = new Set(defined.map((s) => s.name).filter((n) => n.length >= 3 && !isAmbiguousName(n)));
  const focus = (options.focus ?? []).map((s) => s.split('.').filter((n) => names.has(n))).filter((parts) => parts.length > 0);
  const go = file.language === 'go';
  const stem = toSourceStem(path);
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const found = new Map<string, Candidate>();
  const get = (p: string) => {
    let c = found.get(p);
    if (!c) found.set(p, (c = { path: p, named: false, depth: Infinity, samePackage: false, inline: false }));
    return c;
  };
  const importers = index.importers(path, THROUGH_DEPTH);
  for (const hit of importers) if (layout.isTest(hit.path)) get(hit.path).depth = Math.min(get(hit.path).depth, hit.depth);
  for (const test of packageTests(path, layout, file.language)) get(test).samePackage = true;
  for (const test of layout.testsNamed(stem)) {
    // Go tests sit in their package's folder: a `json_test.go` elsewhere tests another `json.go`.
    if (!go || test.slice(0, test.lastIndexOf('/') + 1) === (dir === '' ? '' : `${dir}/`)) get(test).named = true;
  }
  if (file.language === 'rust' && defined.some((s) => s.name === 'tests' && /mod/.test(s.kind))) get(path).inline = true;

  const scored = [...found.values()].map((c) => score(c, { index, names, focus, go, path, stem })).filter((r) => r.score > 0);
  // The first of the plan's symbols any test uses (a method, else its class) is the code the tests must cover;
  // a test that only uses the file's other code stands back, or out when it reaches the file only through others.
  const first = focus.findIndex((_, i) => scored.some((r) => r.focusHits[i]! > 0));
  const onFocus = (r: (typeof scored)[number]) => (first < 0 ? 0 : r.focusHits[first]!);
  const kept = scored
    .filter((r) => first < 0 || onFocus(r) > 0 || r.score > 2)
    .sort((a, b) => b.score - a.score || onFocus(b) - onFocus(a) || b.uses - a.uses || a.path.localeCompare(b.path));
  if (kept.length > 0) return { kind: 'found', tests: kept.slice(0, options.max ?? MAX_TESTS).map((r) => ({ path: r.path, how: r.how })) };
  const reached = [...found.values()];
  return explainNoTest(path, {
    index,
    layout,
    language: file.language,
    names,
    reached: reached.filter((c) => !c.samePackage).map((c) => c.path),
    samePackage: reached.filter((c) => c.samePackage).map((c) => c.path),
  });
}

function score(
  c: Candidate,
  context: { index: CodeIndex; names: Set<string>; focus: string[][]; go: boolean; path: string; stem: string },
): { path: string; score: number; uses: number; focusHits: number[]; how: string } {
  const refs = new Set(c.inline ? [] : context.index.referencedNames(c.path));
  const focusHits = context.focus.map((parts) => parts.filter((n) => refs.has(n)).length);
  if (c.inline) return { path: c.path, score: 20, uses: 0, focusHits, how: 'tests it inline (mod tests)' };
  let uses = 0;
  for (const name of context.names) if (refs.has(name)) uses++;
  const how: string[] = [];
  let points = 0;
  // Go and JVM imports name a package, not a file: importing it says nothing about this file unless its names are used.
  const direct = (c.depth === 1 && !context.go) || (c.samePackage && (uses > 0 || !context.go));
  const through = !direct && c.depth <= THROUGH_DEPTH && uses > 0;
  if (c.named) {
    const reaches = direct || through || c.samePackage || countMirroredFolders(context.path, c.path) > 0;
    // Named like it, reaching it in no way, and importing another file of that name: that file's test
    // (axios' test/unit/core/Axios.js tests lib/core/Axios.js, not lib/axios.js).
    if (!reaches && context.index.imports(c.path, 1).some((f) => f.path !== context.path && toSourceStem(f.path) === context.stem)) {
      return { path: c.path, score: 0, uses, focusHits, how: '' };
    }
    how.push('named like it');
    points += reaches ? 10 : 5;
  }
  if (direct) {
    how.push(c.samePackage ? 'in its package' : 'imports it');
    points += 4;
  } else if (through) {
    how.push(c.depth === 1 ? 'imports its package and uses its code' : 'calls its code');
    points += c.depth <= 2 ? 2 : 1;
  }
  if (points === 0) return { path: c.path, score: 0, uses, focusHits, how: '' };
  if (toModuleFolders(c.path).some((d) => toTestStem(`${d}.x`) === context.stem)) points += 2;
  // A test named after the package of the file (gin's binding/binding_test.go for binding/plain.go) is the package's own.
  const folder = context.path.split('/').at(-2);
  if (!c.named && folder !== undefined && toTestStem(c.path) === toTestStem(`${folder}.x`)) points += 1;
  points += Math.min(2, countMirroredFolders(context.path, c.path));
  return { path: c.path, score: points, uses, focusHits, how: how.join(', ') };
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
