import { describe, expect, it } from 'vitest';
import { buildCoverageReceipt } from '../../../src/core/review/build-coverage-receipt.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { makeReviewRepo } from './review-repo.js';

const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join('\n') + '\n';

describe('buildCoverageReceipt', () => {
  it('skips secrets, vendored code and files the index does not know, saying why', async () => {
    const repo = await makeReviewRepo(
      { 'src/a.ts': 'export const a = 1;\n' },
      {
        write: { 'src/a.ts': 'export const a = 2;\n', '.env': 'TOKEN=abc\n', 'vendor/lib.js': 'x();\n', 'data/blob.xyz': 'raw\n' },
      },
    );
    const receipt = buildCoverageReceipt(parseDiff(repo.diff), { index: repo.index, head: repo.head });
    expect(receipt.reviewed.map((r) => r.path)).toEqual(['src/a.ts']);
    expect(receipt.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['.env', 'secret'],
      ['data/blob.xyz', 'not-in-index'],
      ['vendor/lib.js', 'vendored'],
    ]);
    expect(receipt.indexAtHead).toBe(true);
  });

  it('skips a file over the per-file cap, and files past the total cap in diff order', async () => {
    const repo = await makeReviewRepo(
      { 'a.ts': '', 'b.ts': '', 'c.ts': '' },
      {
        write: { 'a.ts': lines(30, 'a'), 'b.ts': lines(8, 'b'), 'c.ts': lines(8, 'c') },
      },
    );
    const receipt = buildCoverageReceipt(parseDiff(repo.diff), { index: repo.index, maxLinesPerFile: 20, maxLinesTotal: 10 });
    expect(receipt.reviewed.map((r) => r.path)).toEqual(['b.ts']);
    expect(receipt.skipped.map((s) => [s.path, s.reason, s.detail])).toEqual([
      ['a.ts', 'too-large', '30 changed lines, over 20 per file'],
      ['c.ts', 'over-total-cap', '8 changed lines past the 10-line review cap'],
    ]);
  });

  it('says when the index was built at another commit', async () => {
    const repo = await makeReviewRepo({ 'a.ts': 'x\n' }, { write: { 'a.ts': 'y\n' } });
    expect(buildCoverageReceipt(parseDiff(repo.diff), { index: repo.index, head: repo.base }).indexAtHead).toBe(false);
  });
});
