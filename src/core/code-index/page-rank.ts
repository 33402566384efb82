/** A weighted directed graph as parallel arrays: edge i goes from[i] -> to[i] with weight[i]. */
export interface Graph {
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
}

/**
 * Personalised PageRank over a weighted directed graph of `n` nodes, by power
 * iteration. Rank flows along edges (a file that is used by many ranks high);
 * dangling nodes and the teleport step return rank to the personalisation.
 */
export function pageRank(
  n: number,
  graph: Graph,
  options: { personalization?: Float64Array; damping?: number; iterations?: number; tolerance?: number } = {},
): Float64Array {
  const damping = options.damping ?? 0.85;
  const iterations = options.iterations ?? 50;
  // L1 change between iterations; 1e-6 leaves ranks stable to far more places than ordering needs.
  const tolerance = options.tolerance ?? 1e-6;
  if (n === 0) return new Float64Array(0);
  const { from, to, weight } = graph;
  const teleport = normalise(options.personalization ?? new Float64Array(n).fill(1));
  const outWeight = new Float64Array(n);
  for (let e = 0; e < from.length; e += 1) outWeight[from[e]!]! += weight[e]!;
  // Per-edge share of its source's rank, fixed across iterations.
  const share = new Float64Array(from.length);
  for (let e = 0; e < from.length; e += 1) share[e] = (damping * weight[e]!) / outWeight[from[e]!]!;
  let rank = Float64Array.from(teleport);
  let next = new Float64Array(n);
  for (let iter = 0; iter < iterations; iter += 1) {
    next.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i += 1) if (outWeight[i] === 0) dangling += rank[i]!;
    for (let e = 0; e < from.length; e += 1) next[to[e]!]! += rank[from[e]!]! * share[e]!;
    const base = 1 - damping + damping * dangling;
    let delta = 0;
    for (let i = 0; i < n; i += 1) {
      next[i]! += base * teleport[i]!;
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

/** Builds a Graph from edge objects (tests, small graphs). */
export function toGraph(edges: { from: number; to: number; weight: number }[]): Graph {
  return {
    from: Int32Array.from(edges.map((e) => e.from)),
    to: Int32Array.from(edges.map((e) => e.to)),
    weight: Float64Array.from(edges.map((e) => e.weight)),
  };
}
