import type { TestLayout } from './test-layout.js';
import { isFolderFile, toFlattenedStems, toGoVariantBase, toModuleFolders, toSourceStem, toTestStem } from './test-stems.js';

/** Languages whose tests may sit in another folder of the same package (JVM and .NET). */
export const JVM_LANGUAGES = new Set(['java', 'kotlin', 'scala', 'csharp']);

/** How a test's name matches a source file's. */
export type NameMatch =
  /** `tree_test.go`, `buildURL.spec.js`, `test_decoders.py` (for `_decoders.py`), `FooTest.java`. */
  | { kind: 'exact' }
  /** Its folders and name flattened: `test_http2_connection.py` for `http2/connection.py`. */
  | { kind: 'flattened' }
  /** A Go build variant's base: `static_test.go` for `static_other.go`. */
  | { kind: 'variant'; base: string }
  /** An abbreviation of its name: `req.accepts.js` for `request.js`. */
  | { kind: 'abbreviation'; prefix: string };

export interface NamedTests {
  /** Tests whose own name matches the file's. */
  byName: Map<string, NameMatch>;
  /** Tests in a test folder named after the file (`__tests__/request/host.test.js` for `lib/request.js`). */
  inFolder: Set<string>;
}

/**
 * The tests whose names say they test a source file, by each ecosystem's
 * naming conventions: the same name with the runner's affixes, the name
 * with its folders flattened in, a Go build variant's base name, an
 * abbreviation of the name no other file shares, and a test folder named
 * after the file. Go tests are named within their package's folder only.
 */
export function findNamedTests(path: string, options: { layout: TestLayout; language: string }): NamedTests {
  const { layout } = options;
  const go = options.language === 'go';
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const inDir = (test: string) => test.slice(0, test.lastIndexOf('/') + 1) === (dir === '' ? '' : `${dir}/`);
  const byName = new Map<string, NameMatch>();
  const add = (tests: string[], match: NameMatch) => {
    // Go tests sit in their package's folder: a `json_test.go` elsewhere tests another `json.go`.
    for (const test of tests) if (!byName.has(test) && (!go || inDir(test))) byName.set(test, match);
  };
  add(layout.testsNamed(toSourceStem(path)), { kind: 'exact' });
  if (go) {
    const variant = toGoVariantBase(path);
    if (variant !== undefined) add(layout.testsNamed(variant.stem), { kind: 'variant', base: variant.file });
  } else {
    for (const stem of toFlattenedStems(path)) add(layout.testsNamed(stem), { kind: 'flattened' });
    for (const { prefix, tests } of layout.testsAbbreviating(path)) add(tests, { kind: 'abbreviation', prefix });
  }
  // A JVM folder is a package, not a test folder named after a class (gson's typeadapters/ is no test of TypeAdapters).
  const packages = go || JVM_LANGUAGES.has(options.language);
  return { byName, inFolder: packages ? new Set() : testsInFolderNamed(path, layout) };
}

/**
 * Tests under a test folder named after the file: koa's `__tests__/request/` for `lib/request.js`, click's
 * `tests/test_utils/` for `utils.py`. A folder the file itself sits in (`src/foo/` and `test/foo/`) is a mirror,
 * not a name, unless the file is named after its folder (`index.js`, `__init__.py`).
 */
function testsInFolderNamed(path: string, layout: TestLayout): Set<string> {
  const stem = toSourceStem(path);
  const own = new Set(isFolderFile(path) ? [] : toModuleFolders(path).map((d) => d.toLowerCase()));
  const found = new Set<string>();
  for (const test of layout.testsUnderFolderNamed(stem)) {
    const folders = toModuleFolders(test).filter((d) => toTestStem(`${d}.x`) === stem && !own.has(d.toLowerCase()));
    if (folders.length > 0) found.add(test);
  }
  return found;
}
