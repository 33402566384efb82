const SOURCE_ROOTS = new Set(['src', 'lib', 'source', 'sources', 'app', 'pkg', 'main', 'java', 'kotlin', 'scala', 'internal']);
const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'unit', 'units', 'integration', 'e2e', 'java', 'kotlin']);
/** Files named after their folder: their tests are named after the folder (`pkg/__init__.py`, `lib/index.ts`). */
const FOLDER_FILES = new Set(['index', '__init__', 'mod']);

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function withoutExtension(name: string): string {
  const dot = name.indexOf('.', 1);
  return dot < 0 ? name : name.slice(0, dot);
}

/** Lower case, leading underscores gone (`_decoders`), and a plural's last `s` (`urls` and `url` are one name). */
function fold(stem: string): string {
  return stem
    .replace(/^_+/, '')
    .toLowerCase()
    .replace(/(?<=\w{3})s$/, '');
}

/** The names a source file's tests are named after: its own stem, or its folder's for `index.ts`, `__init__.py`. */
export function toSourceStem(path: string): string {
  const stem = withoutExtension(baseName(path));
  const folder = path.split('/').at(-2);
  return fold(FOLDER_FILES.has(stem.toLowerCase()) && folder ? folder : stem);
}

/** What a test is named after, its affixes gone: `buildURL.spec.js`, `test_decoders.py`, `tree_test.go`, `FooTest.java`. */
export function toTestStem(path: string): string {
  const name = baseName(path).replace(/\.(test|spec)(?=\.)/, '');
  const stem = withoutExtension(name)
    .replace(/^test_|_(test|spec)$/, '')
    .replace(/(?<=.)(Tests?|IT|Spec|TestCase)$/, '')
    .replace(/^Test(?=[A-Z])/, '');
  return fold(FOLDER_FILES.has(stem.toLowerCase()) ? (path.split('/').at(-2) ?? stem) : stem);
}

/** A file's folders without source and test roots: `lib/helpers/x.js` and `test/specs/helpers/x.spec.js` both give `helpers`. */
export function toModuleFolders(path: string): string[] {
  const dirs = path.split('/').slice(0, -1);
  const jvm = dirs.findIndex((d, i) => d === 'src' && (dirs[i + 1] === 'main' || dirs[i + 1] === 'test'));
  const rest = jvm >= 0 ? dirs.slice(jvm + 3) : dirs;
  return rest.filter((d) => !SOURCE_ROOTS.has(d) && !TEST_FOLDERS.has(d));
}

/** How many folders, from the innermost out, a test's path shares with a source's once their roots are set aside. */
export function countMirroredFolders(source: string, test: string): number {
  const a = toModuleFolders(source);
  const b = toModuleFolders(test);
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n]!.toLowerCase() === b[b.length - 1 - n]!.toLowerCase()) n++;
  return n;
}
