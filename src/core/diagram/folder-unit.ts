/**
 * The folder a diagram node stands for: `path` cut to `depth` folders below
 * `base` (`src/http/parse/a.ts`, base `src`, depth 1 -> `src/http`). A file
 * directly in `base` stands for itself: there is no folder below base to fold
 * it into.
 */
export function toFolderUnit(path: string, base: string, depth: number): string {
  const inner = base === '' ? path : path.slice(base.length + 1);
  const folders = inner.split('/').slice(0, -1);
  if (folders.length === 0) return path;
  const kept = folders.slice(0, depth).join('/');
  return base === '' ? kept : `${base}/${kept}`;
}

/** The deepest folder level below `base`, up to `maxDepth`, whose unit count fits; 1 when none does. */
export function pickFolderDepth(files: string[], base: string, limits: { maxUnits: number; maxDepth: number }): number {
  for (let depth = limits.maxDepth; depth > 1; depth -= 1) {
    if (new Set(files.map((f) => toFolderUnit(f, base, depth))).size <= limits.maxUnits) return depth;
  }
  return 1;
}

/** The deepest folder holding every path ('' when they share none). */
export function commonFolder(paths: string[]): string {
  if (paths.length === 0) return '';
  let common = paths[0]!.split('/').slice(0, -1);
  let prefix = `${common.join('/')}/`;
  for (const path of paths) {
    // Most paths lie inside the common folder found so far: one string test, no split (55K paths).
    if (common.length === 0) break;
    if (path.startsWith(prefix)) continue;
    const folders = path.split('/').slice(0, -1);
    let i = 0;
    while (i < common.length && i < folders.length && common[i] === folders[i]) i += 1;
    common = common.slice(0, i);
    prefix = `${common.join('/')}/`;
  }
  return common.join('/');
}

/** `path` below `base`, as a reader inside `base` would name it. */
export function relativeTo(path: string, base: string): string {
  return base === '' || !path.startsWith(`${base}/`) ? path : path.slice(base.length + 1);
}

/**
 * File-level edges summed up to the units they fall in. Edges inside a unit,
 * or with an end outside every unit, are not drawn. Sorted heaviest first
 * (then by name), which is the order the compiler keeps them in under its cap.
 */
export function aggregateEdges(
  rows: { from: string; to: string; kind: string; weight: number }[],
  unitOf: (path: string) => string | undefined,
): { from: string; to: string; kind: string; weight: number }[] {
  const summed = new Map<string, { from: string; to: string; kind: string; weight: number }>();
  for (const row of rows) {
    const from = unitOf(row.from);
    const to = unitOf(row.to);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}\0${to}`;
    const edge = summed.get(key) ?? { from, to, kind: row.kind, weight: 0 };
    edge.weight += row.weight;
    if (row.kind === 'import') edge.kind = 'import';
    summed.set(key, edge);
  }
  return [...summed.values()].sort((a, b) => b.weight - a.weight || cmp(a.from, b.from) || cmp(a.to, b.to));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
