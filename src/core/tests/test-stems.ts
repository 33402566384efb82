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

/**
 * Lower case, leading underscores gone (`_decoders`) and trailing ones (`ssl_`, Python's way to avoid a clash
 * with a standard module), hyphens between words (`http-error.ts` and `HTTPError.ts` are one name; not `_`, which
 * joins a file's folders into a test's name, `test_http2_connection.py`), and a plural's last `s` (`urls` and
 * `url` are one name).
 */
function fold(stem: string): string {
  return stem
    .replace(/^_+|(?<=.)_+$/g, '')
    .replace(/(?<=[^-])-+(?=[^-])/g, '')
    .toLowerCase()
    .replace(/(?<=\w{3})s$/, '');
}

/** A word of a name as names are compared: lower case, no plural `s`. */
function foldWord(word: string): string {
  return word.toLowerCase().replace(/(?<=\w{3})s$/, '');
}

/** The names a source file's tests are named after: its own stem, or its folder's for `index.ts`, `__init__.py`. */
export function toSourceStem(path: string): string {
  const stem = withoutExtension(baseName(path));
  const folder = path.split('/').at(-2);
  return fold(FOLDER_FILES.has(stem.toLowerCase()) && folder ? folder : stem);
}

/** What a test is named after, its affixes gone: `buildURL.spec.js`, `test_decoders.py`, `tree_test.go`, `FooTest.java`. */
export function toTestStem(path: string): string {
  return fold(toRawTestStem(path));
}

function toRawTestStem(path: string): string {
  const name = baseName(path).replace(/\.(test|spec|test-d)(?=\.)/, '');
  const stem = withoutExtension(name)
    .replace(/^test_|_(test|spec)$/, '')
    .replace(/(?<=.)(Tests?|IT|Spec|TestCase)$/, '')
    .replace(/^Test(?=[A-Z])/, '');
  return FOLDER_FILES.has(stem.toLowerCase()) ? (path.split('/').at(-2) ?? stem) : stem;
}

/**
 * The words of a file's name, folded, its test affixes gone: `calculate`, `retry`, `delay` for
 * `calculate-retry-delay.ts`; `http`, `error` for `HTTPError.ts` and `test/http-error.ts`; `expose`, `field` for
 * `ExposeFieldsTest.java`. None for a file named after its folder (`index.ts`, `__init__.py`).
 */
export function toNameWords(path: string): string[] {
  if (isFolderFile(path)) return [];
  return toRawTestStem(path)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map(foldWord);
}

/**
 * Go file-name suffixes that select a build (`_windows`, `_arm64`, `_linux_amd64`) and the usual names of
 * tagged variants (`static_other.go` beside `static_windows.go`, `context_appengine.go`): such a file is a
 * variant of the file its name starts with, and shares its test.
 */
const GO_BUILD_SUFFIX =
  /(_(aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|unix|bsd|posix|other|appengine|cgo|nocgo|purego|generic|noasm|go1\d+))?(_(386|amd64|arm|arm64|loong64|mips|mipsle|mips64|mips64le|ppc64|ppc64le|riscv64|s390x|wasm))?$/;

/** The Go file a build variant varies (`static.go` for `static_other.go`) and its stem, or undefined. */
export function toGoVariantBase(path: string): { stem: string; file: string } | undefined {
  const stem = withoutExtension(baseName(path));
  const base = stem.replace(GO_BUILD_SUFFIX, '');
  return base !== stem && base !== '' ? { stem: fold(base), file: `${base}.go` } : undefined;
}

/**
 * The names a test flattening the file's folders into its own name would have: `http2_connection` for
 * `src/urllib3/http2/connection.py` (`test_http2_connection.py`), the innermost folder first.
 */
export function toFlattenedStems(path: string): string[] {
  const stem = withoutExtension(baseName(path)).replace(/^_+/, '');
  if (FOLDER_FILES.has(stem.toLowerCase())) return [];
  const folders = toModuleFolders(path);
  const out: string[] = [];
  for (let k = 1; k <= Math.min(2, folders.length); k++) out.push(fold(`${folders.slice(-k).join('_')}_${stem}`));
  return out;
}

/** Whether a file is named after its folder (`index.ts`, `__init__.py`, `mod.rs`): its name is its folder's. */
export function isFolderFile(path: string): boolean {
  return FOLDER_FILES.has(withoutExtension(baseName(path)).toLowerCase());
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
