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

/** The non-product folder a path lies in (`examples`, `src/demo`), if any. */
export function findNonProductFolder(path: string): string | undefined {
  const folders = path.split('/').slice(0, -1);
  // `_examples`: the Go tool ignores a folder whose name starts with `_` (go-chi/chi's examples live there).
  const at = folders
    .map((f) => f.replace(/^_+/, ''))
    .findIndex((f) => NON_PRODUCT_FOLDERS.has(f.toLowerCase()) || /^benchmarks?[-_]\w+$/i.test(f));
  return at < 0 ? undefined : folders.slice(0, at + 1).join('/');
}

/** What a non-product folder holds, for a label: `example`, `benchmark`, `docs`, `script`, `demo`. */
export function describeNonProductFolder(folder: string): string {
  const name = folder
    .slice(folder.lastIndexOf('/') + 1)
    .replace(/^_+/, '')
    .toLowerCase();
  if (name.startsWith('example') || name.startsWith('sample') || name.startsWith('tutorial')) return 'example';
  if (name.startsWith('bench')) return 'benchmark';
  if (name.startsWith('script')) return 'script';
  if (name.startsWith('demo')) return 'demo';
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
