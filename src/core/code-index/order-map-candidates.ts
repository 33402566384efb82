/**
 * The first `limit` files of the repo map's order: by weight (the rank times a factor in [0, 1], a test's 0.3),
 * highest first, then by path. The same as sorting every file by weight and cutting, without the factor of every
 * file: `factorOf` is asked in rank order only until no file left can reach the cut (its weight is at most its
 * rank). On 55K files the map asked isTestFile 55K times for the 400 it reads; here a few hundred.
 */
export function orderMapCandidates(
  files: readonly { path: string }[],
  rank: ArrayLike<number>,
  options: { limit: number; factorOf: (index: number) => number },
): number[] {
  const { limit } = options;
  const byRank = Array.from(files, (_, i) => i).sort((a, b) => rank[b]! - rank[a]!);
  const weight = new Map<number, number>();
  let next = 0;
  for (let batch = Math.max(limit, 1) * 2; ; batch *= 2) {
    for (const end = Math.min(byRank.length, next + batch); next < end; next += 1) {
      const i = byRank[next]!;
      weight.set(i, rank[i]! * options.factorOf(i));
    }
    if (next >= byRank.length) break;
    const cut = [...weight.values()].sort((a, b) => b - a)[limit - 1];
    // Strictly below the cut: a file left with a weight equal to it could still come first by its path.
    if (cut !== undefined && rank[byRank[next]!]! < cut) break;
  }
  const order = [...weight.keys()].sort((a, b) => weight.get(b)! - weight.get(a)! || (files[a]!.path < files[b]!.path ? -1 : 1));
  return order.slice(0, limit);
}
