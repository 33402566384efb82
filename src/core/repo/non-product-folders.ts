/**
 * Folders that hold code about the product rather than the product: examples
 * import the package (flask's examples/tutorial), benchmarks and docs drive
 * it. Plans never propose changing them unless asked, reviews list their
 * callers after the product's own, diagrams leave them out and say so.
 * `doc/` is not here: in Go it is commonly a package (spf13/cobra's doc
 * generators).
 */
const NON_PRODUCT_FOLDERS = new Set([
  'examples',
  'example',
  'docs',
  'documentation',
  'benchmarks',
  'benchmark',
  'bench',
  'benches',
  'samples',
  'sample',
  'demo',
  'demos',
  'tutorial',
  'tutorials',
  'scripts',
  'website',
  'site',
]);

/**
 * A folder named by one of these words and another: `examples-next`, `example_app`, `benchmarks_x` (the word
 * first, either separator), `typing-examples`, `code-samples` (the word last, after a hyphen only: `pytest_examples`
 * is an importable Python package's name, as likely the product as not).
 */
const COMPOUND_WORDS = 'examples?|samples?|demos?|tutorials?|benchmarks?';
const COMPOUND = new RegExp(`^(?:(?:${COMPOUND_WORDS})[-_][\\w.-]+|[\\w.-]+-(?:${COMPOUND_WORDS}))$`, 'i');
const PYTHON = /\.pyi?$/;

/** The non-product folder a path lies in (`examples`, `src/demo`, `typing-examples`), if any. */
export function findNonProductFolder(path: string): string | undefined {
  let folders = path.split('/').slice(0, -1);
  // Python's src layout: everything under `src/` is the importable package (textual's `src/textual/demo/`).
  if (PYTHON.test(path) && folders.includes('src')) folders = folders.slice(0, folders.indexOf('src'));
  // `_examples`: the Go tool ignores a folder whose name starts with `_` (go-chi/chi's examples live there).
  const at = folders.map((f) => f.replace(/^_+/, '')).findIndex((f) => NON_PRODUCT_FOLDERS.has(f.toLowerCase()) || COMPOUND.test(f));
  return at < 0 ? undefined : folders.slice(0, at + 1).join('/');
}

/** What a non-product folder holds, for a label: `example`, `benchmark`, `docs`, `script`, `demo`. */
export function describeNonProductFolder(folder: string): string {
  const name = folder
    .slice(folder.lastIndexOf('/') + 1)
    .replace(/^_+/, '')
    .toLowerCase();
  const word = (stem: string) => new RegExp(`(?:^|[-_])${stem}`).test(name);
  if (word('example') || word('sample') || word('tutorial')) return 'example';
  if (word('bench')) return 'benchmark';
  if (name.startsWith('script')) return 'script';
  if (word('demo')) return 'demo';
  return 'docs';
}

/**
 * A benchmark by its own name, outside any benchmark folder: p-queue's root `bench.ts`, marshmallow's
 * `performance/benchmark.py`, `bench_test.go`'s neighbour `parse_bench.py`, `sort.bench.ts`. Such a file calls the
 * product the way a benchmark does, so it matched and linked to every plan about the code it times.
 */
export function isBenchmarkName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return /^(bench|benchmarks?)(\.[\w.]+)?$|^(bench|benchmarks?)_[\w-]+\.\w+$|[_.-](bench|benchmarks?)\.\w+$/.test(name);
}
