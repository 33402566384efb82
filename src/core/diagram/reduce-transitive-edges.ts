/**
 * Leaves out the arrows a reader can already follow through others: an
 * arrow A -> C goes when A still reaches C without it. Arrows are tried
 * lightest first and removed one at a time, so reachability is kept even
 * through cycles (A -> B -> A never loses both). What stays is a subset of
 * the input: every arrow kept is as real as before, there are just fewer.
 */
export function reduceTransitiveEdges<E extends { from: string; to: string; weight?: number }>(edges: E[]): { kept: E[]; removed: number } {
  const live = new Set(edges.map((_, i) => i));
  const order = edges
    .map((e, i) => ({ w: e.weight ?? 1, i }))
    .sort((a, b) => a.w - b.w || b.i - a.i)
    .map((x) => x.i);
  for (const i of order) {
    live.delete(i);
    if (!reaches(edges, live, edges[i]!.from, edges[i]!.to)) live.add(i);
  }
  return { kept: edges.filter((_, i) => live.has(i)), removed: edges.length - live.size };
}

function reaches(edges: { from: string; to: string }[], live: Set<number>, from: string, to: string): boolean {
  const next = new Map<string, string[]>();
  for (const i of live) {
    const e = edges[i]!;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    for (const n of next.get(stack.pop()!) ?? []) {
      if (n === to) return true;
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return false;
}
