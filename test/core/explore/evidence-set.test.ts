import { describe, expect, it } from 'vitest';
import { EvidenceSet } from '../../../src/core/explore/evidence-set.js';
import type { EvidenceItem } from '../../../src/core/explore/types.js';

const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
const slice = (a: number, b: number) => lines.slice(a - 1, b).join('\n');
const item = (path: string, startLine: number, endLine: number, reason: string, round = 1): EvidenceItem => ({
  path,
  startLine,
  endLine,
  snippet: slice(startLine, endLine),
  reason,
  source: 'chunk',
  blobSha: 'sha',
  round,
});

describe('EvidenceSet', () => {
  it('merges overlapping and touching ranges of one file, keeping every reason', () => {
    const set = new EvidenceSet(() => true);
    set.add(item('a.ts', 1, 10, 'definition of f'), slice);
    set.add(item('a.ts', 8, 15, 'uses g', 2), slice);
    set.add(item('a.ts', 16, 20, 'head of a.ts', 3), slice);
    set.add(item('a.ts', 30, 32, 'far away'), slice);
    expect(set.list().map((e) => [e.startLine, e.endLine, e.reason, e.round])).toEqual([
      [1, 20, 'definition of f; uses g; head of a.ts', 1],
      [30, 32, 'far away', 1],
    ]);
    expect(set.list()[0]!.snippet).toBe(slice(1, 20));
  });

  it('keeps files apart and lists them in path order', () => {
    const set = new EvidenceSet(() => true);
    set.add(item('b.ts', 1, 2, 'x'), slice);
    set.add(item('a.ts', 1, 2, 'y'), slice);
    expect(set.list().map((e) => e.path)).toEqual(['a.ts', 'b.ts']);
  });

  it("marks the item that holds a callee's lines as the flow, and keeps the mark when it merges", () => {
    const set = new EvidenceSet(() => true);
    set.add(item('a.ts', 10, 30, 'matches the question'), slice);
    set.add(item('b.ts', 1, 5, 'matches the question'), slice);
    set.markFlow('a.ts', 12, 20);
    set.add(item('a.ts', 31, 35, 'matches the question'), slice);
    expect(set.list().map((e) => [e.path, e.flow ?? false])).toEqual([
      ['a.ts', true],
      ['b.ts', false],
    ]);
  });

  it('drops and counts items whose path is not in the tree', () => {
    const set = new EvidenceSet((p) => p === 'a.ts');
    expect(set.add(item('../etc/passwd', 1, 2, 'x'), slice)).toBeUndefined();
    expect(set.add(item('gone.ts', 1, 2, 'x'), slice)).toBeUndefined();
    set.add(item('a.ts', 1, 2, 'ok'), slice);
    expect(set.dropped).toBe(2);
    expect(set.size).toBe(1);
  });
});
