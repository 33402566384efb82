import { describe, expect, it } from 'vitest';
import { reduceTransitiveEdges } from '../../../src/core/diagram/reduce-transitive-edges.js';

describe('reduceTransitiveEdges', () => {
  it('leaves out an arrow implied by a path through others', () => {
    const { kept, removed } = reduceTransitiveEdges([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'a', to: 'c' },
    ]);
    expect(kept).toEqual([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
    ]);
    expect(removed).toBe(1);
  });

  it('keeps what each box reaches, even through a cycle', () => {
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'a' },
      { from: 'a', to: 'c' },
      { from: 'b', to: 'c' },
    ];
    const { kept } = reduceTransitiveEdges(edges);
    expect(kept).toHaveLength(3);
    const reach = (from: string, to: string): boolean => {
      const seen = new Set([from]);
      const stack = [from];
      while (stack.length > 0) {
        const at = stack.pop();
        for (const e of kept) {
          if (e.from !== at || seen.has(e.to)) continue;
          seen.add(e.to);
          stack.push(e.to);
        }
      }
      return seen.has(to);
    };
    expect([reach('a', 'c'), reach('b', 'c'), reach('a', 'b'), reach('b', 'a')]).toEqual([true, true, true, true]);
  });

  it('keeps the heavier of two ways when one must go', () => {
    const { kept } = reduceTransitiveEdges([
      { from: 'a', to: 'b', weight: 1 },
      { from: 'b', to: 'a', weight: 1 },
      { from: 'a', to: 'c', weight: 9 },
      { from: 'b', to: 'c', weight: 1 },
    ]);
    expect(kept.find((e) => e.from === 'a' && e.to === 'c')).toBeDefined();
  });
});
