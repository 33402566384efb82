/**
 * Personalised PageRank over a weighted directed graph of `n` nodes, by power
 * iteration. Rank flows along edges (a file that is used by many ranks high);
 * dangling nodes and the teleport step return rank to the personalisation.
 */
export function pageRank(
  n: number,
  edges: { from: number; to: number; weight: number }[],
  options: { personalization?: Float64Array; damping?: number; iterations?: number; tolerance?: number } = {},
): Float64Array {
  const damping = options.damping ?? 0.85;
  const iterations = options.iterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;
  if (n === 0) return new Float64Array(0);
  const teleport = normalise(options.personalization ?? new Float64Array(n).fill(1));
  const outWeight = new Float64Array(n);
  for (const e of edges) outWeight[e.from]! += e.weight;
  let rank = Float64Array.from(teleport);
  let next = new Float64Array(n);
  for (let iter = 0; iter < iterations; iter += 1) {
    next.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i += 1) if (outWeight[i] === 0) dangling += rank[i]!;
    for (const e of edges) next[e.to]! += (damping * rank[e.from]! * e.weight) / outWeight[e.from]!;
    let delta = 0;
    for (let i = 0; i < n; i += 1) {
      next[i]! += (1 - damping + damping * dangling) * teleport[i]!;
      delta += Math.abs(next[i]! - rank[i]!);
    }
    [rank, next] = [next, rank];
    if (delta < tolerance) break;
  }
  return rank;
}

function normalise(v: Float64Array): Float64Array {
  let sum = 0;
  for (const x of v) sum += x;
  if (sum === 0) return new Float64Array(v.length).fill(1 / v.length);
  return v.map((x) => x / sum);
}
