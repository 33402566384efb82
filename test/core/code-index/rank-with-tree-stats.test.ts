import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWER_STATE, BUILD_STATE_KEY } from '../../../src/core/code-index/index-meta-keys.js';
import { searchChunks } from '../../../src/core/code-index/search-chunks.js';
import { writeTreeTermStats, type TreeTermStats } from '../../../src/core/code-index/tree-term-stats.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

/**
 * The picked files of a first answer: `widget` in one of them, `gadget` in three, and files with neither.
 * In the whole tree (the stats) `widget` is in half the files and `gadget` in three.
 */
async function indexPicked(): Promise<IndexedRepo> {
  const files: Record<string, string> = {
    'shop/widget.py': 'def widget():\n    return 1\n',
    'shop/gadget_a.py': 'def gadget_a():\n    return "gadget"\n',
    'shop/gadget_b.py': 'def gadget_b():\n    return "gadget"\n',
    'shop/gadget_c.py': 'def gadget_c():\n    return "gadget"\n',
  };
  for (let i = 0; i < 6; i += 1) files[`shop/other${i}.py`] = `def other_${i}():\n    return ${i}\n`;
  return indexSample(files);
}

const TREE: TreeTermStats = { files: 1_000, picked: 10, terms: { widget: [500, 1], gadget: [3, 3] } };

function markFirstAnswer(indexed: IndexedRepo, stats: TreeTermStats): void {
  indexed.store.transaction(() => {
    indexed.store.setMeta(BUILD_STATE_KEY, FIRST_ANSWER_STATE);
    writeTreeTermStats(indexed.store, stats);
  });
}

describe('searchChunks over a first answer index', () => {
  it('weighs a word by how many files of the whole tree hold it, not by how many of the picked files do', async () => {
    repo = await indexPicked();
    // The picked files alone make `widget` the rarer word: its chunk ranks first.
    expect(searchChunks(repo.store, 'widget gadget')[0]!.path).toBe('shop/widget.py');
    markFirstAnswer(repo, TREE);
    const hits = searchChunks(repo.store, 'widget gadget');
    // In the whole tree `gadget` is the rare word: its chunks rank first, as the whole index would rank them.
    expect(hits.map((h) => h.path)).toEqual(['shop/gadget_a.py', 'shop/gadget_b.py', 'shop/gadget_c.py', 'shop/widget.py']);
  });

  it('keeps the index statistics for a word the scan did not count, and keeps a folder filter and the limit', async () => {
    repo = await indexPicked();
    const own = searchChunks(repo.store, 'widget gadget');
    markFirstAnswer(repo, { files: 10, picked: 10, terms: {} });
    const ranked = searchChunks(repo.store, 'widget gadget');
    expect(ranked.map((h) => h.chunkId)).toEqual(own.map((h) => h.chunkId));
    ranked.forEach((hit, i) => expect(hit.score).toBeCloseTo(own[i]!.score, 9));
    expect(searchChunks(repo.store, 'widget gadget', { limit: 2 })).toHaveLength(2);
    expect(searchChunks(repo.store, 'widget gadget', { pathPrefix: 'elsewhere' })).toEqual([]);
  });

  it('ranks with the index own statistics once a whole build has begun over it', async () => {
    repo = await indexPicked();
    markFirstAnswer(repo, TREE);
    repo.store.transaction(() => repo!.store.setMeta(BUILD_STATE_KEY, 'building'));
    expect(searchChunks(repo.store, 'widget gadget')[0]!.path).toBe('shop/widget.py');
  });

  it('gives each hit a score of the same sign and order as FTS5 bm25 (lower is better)', async () => {
    repo = await indexPicked();
    markFirstAnswer(repo, TREE);
    const scores = searchChunks(repo.store, 'widget gadget').map((h) => h.score);
    expect(scores.every((s) => s < 0)).toBe(true);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });
});
