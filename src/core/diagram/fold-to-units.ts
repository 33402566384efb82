/**
 * Languages whose import names a package, a folder, not a file: in Go one
 * import resolves to every file of the package, so files drawn one by one
 * would show an arrow to each of them for a single import.
 */
const PACKAGE_LANGUAGES = new Set(['go', 'java', 'kotlin', 'scala', 'csharp']);

/** The unit of files directly in the repository root, for package languages (a box needs an id). */
export const ROOT_UNIT = '.';

export interface FoldOptions {
  /** The folder every file lies in: never folded itself. */
  base: string;
  maxUnits: number;
  /** Centrality of each file (PageRank); a folder's is the sum over its files. */
  rank: (path: string) => number;
  language: (path: string) => string | undefined;
}

/**
 * Files to boxes: each file its own box (a package-language file: its
 * folder), then, while there are more boxes than `maxUnits`, the deepest
 * folder holding two or more boxes is folded into one box, the least central
 * such folder first. The shallow, central structure stays readable and the
 * leaves (utils/, internal/bind/) become one box each. If folding every
 * folder below the base is not enough, the caller keeps the most central.
 *
 * One pass, not one per fold (55K files: 22 s -> well under a second). The
 * order is fixed up front: folding only merges boxes, so a folder's rank
 * (the files in boxes below it) never changes, its count of boxes only
 * falls, and no folder becomes a candidate it was not at the start; a
 * folder whose count fell below two by its turn is passed over.
 */
export function foldToUnits(files: string[], options: FoldOptions): Map<string, string> {
  const { base } = options;
  const initial = new Map(
    files.map((f): [string, string] => {
      if (!PACKAGE_LANGUAGES.has(options.language(f) ?? '')) return [f, f];
      const dir = dirOf(f);
      return [f, dir === '' ? ROOT_UNIT : dir];
    }),
  );
  const units = new Set(initial.values());
  // Per folder below the base: how many boxes lie below it, and the rank of their files (summed in file order).
  const inside = new Map<string, { count: number; rank: number }>();
  // The folders from a unit's own folder up to the base, walked once per folder rather than once per file.
  const chains = new Map<string, { dir: string; e: { count: number; rank: number } }[]>();
  const chainOf = (unit: string) => {
    const start = dirOf(unit);
    let chain = chains.get(start);
    if (chain === undefined) {
      chain = [];
      for (let dir = start; isBelow(dir, base); dir = dirOf(dir)) {
        let e = inside.get(dir);
        if (!e) inside.set(dir, (e = { count: 0, rank: 0 }));
        chain.push({ dir, e });
      }
      chains.set(start, chain);
    }
    return chain;
  };
  for (const unit of units) for (const { e } of chainOf(unit)) e.count += 1;
  for (const [file, unit] of initial) {
    const chain = chainOf(unit);
    if (chain.length === 0) continue;
    const rank = options.rank(file);
    for (const { e } of chain) e.rank += rank;
  }
  // Each folder's depth counted once, not in every comparison of the sort (thousands of folders on a big tree).
  const order = [...inside.entries()].filter(([, e]) => e.count >= 2).map(([dir, e]) => ({ dir, e, depth: depthOf(dir) }));
  order.sort((x, y) => y.depth - x.depth || x.e.rank - y.e.rank || (x.dir < y.dir ? -1 : 1));
  let total = units.size;
  const folded = new Set<string>();
  for (const { dir: folder, e } of order) {
    if (total <= options.maxUnits) break;
    if (e.count < 2) continue;
    // The boxes below become one: the folder's own box when it already was one (a package's folder).
    const merged = units.has(folder) ? e.count : e.count - 1;
    for (let dir = dirOf(folder); isBelow(dir, base); dir = dirOf(dir)) inside.get(dir)!.count -= merged;
    total -= merged;
    folded.add(folder);
  }
  // A unit's box: the outermost folded folder above it, else the unit itself (found once per folder).
  const outermost = new Map<string, string | undefined>();
  const unitOf = new Map<string, string>();
  for (const [file, unit] of initial) {
    const start = dirOf(unit);
    if (!outermost.has(start)) {
      let box: string | undefined;
      for (const { dir } of chainOf(unit)) if (folded.has(dir)) box = dir;
      outermost.set(start, box);
    }
    unitOf.set(file, outermost.get(start) ?? unit);
  }
  return unitOf;
}

/** Whether `dir` is a folder strictly below `base` (every folder is below the root ''). */
function isBelow(dir: string, base: string): boolean {
  if (dir === '' || dir === ROOT_UNIT) return false;
  return base === '' || dir.startsWith(`${base}/`);
}

function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

function depthOf(path: string): number {
  return path.split('/').length;
}
