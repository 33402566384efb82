import { describe, expect, it } from 'vitest';
import { orderMapCandidates } from '../../../src/core/code-index/order-map-candidates.js';

/** The order the map used before: every file's weight, sorted, cut. */
function sortEveryFile(paths: string[], rank: number[], factor: number[], limit: number): number[] {
  const weight = paths.map((_, i) => rank[i]! * factor[i]!);
  return paths
    .map((_, i) => i)
    .sort((a, b) => weight[b]! - weight[a]! || (paths[a]! < paths[b]! ? -1 : 1))
    .slice(0, limit);
}

/** A small deterministic generator (mulberry32): the same files on every run. */
function randomFrom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('orderMapCandidates', () => {
  it.each([1, 2, 3, 4, 5])('gives the first files of the full sort, ties and tests included (seed %i)', (seed) => {
    const random = randomFrom(seed);
    const count = 500 + Math.floor(random() * 1500);
    const paths = Array.from({ length: count }, (_, i) => `src/f${(i * 7919) % count}.py`);
    // Few distinct ranks, so many files tie on rank and on weight and the path decides.
    const rank = paths.map(() => Math.floor(random() * 40) / 40);
    const factor = paths.map(() => (random() < 0.3 ? 0.3 : 1));
    for (const limit of [1, 10, 400, count + 5]) {
      const asked: number[] = [];
      const order = orderMapCandidates(
        paths.map((path) => ({ path })),
        rank,
        {
          limit,
          factorOf: (i) => {
            asked.push(i);
            return factor[i]!;
          },
        },
      );
      expect(order).toEqual(sortEveryFile(paths, rank, factor, limit));
      expect(new Set(asked).size).toBe(asked.length);
    }
  });

  it('asks the factor of a few files, not of every file, when the top ranks fill the cut', () => {
    const paths = Array.from({ length: 10_000 }, (_, i) => `pkg/m${String(i).padStart(5, '0')}.go`);
    const rank = paths.map((_, i) => 1 / (i + 1));
    let asked = 0;
    const order = orderMapCandidates(
      paths.map((path) => ({ path })),
      rank,
      {
        limit: 400,
        factorOf: (i) => {
          asked += 1;
          return i % 3 === 0 ? 0.3 : 1;
        },
      },
    );
    expect(order).toEqual(
      sortEveryFile(
        paths,
        rank,
        paths.map((_, i) => (i % 3 === 0 ? 0.3 : 1)),
        400,
      ),
    );
    expect(asked).toBeLessThan(2_000);
  });

  it('gives nothing for no files', () => {
    expect(orderMapCandidates([], [], { limit: 400, factorOf: () => 1 })).toEqual([]);
  });
});
