import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { readIndexStats } from '../../../src/core/code-index/index-stats.js';
import { readIndexState } from '../../../src/core/code-index/index-state.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { chainRepoFiles } from '../../helpers/chain-repo.js';
import { indexAndKill } from '../../helpers/index-and-kill.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

/** Past KILL_AFTER with room: the child stops itself there, so the repository need not be big for the kill to land midway. */
const FILES = 600;
const KILL_AFTER = 450; // parsed files: past two committed batches of 200

let store: IndexStore | undefined;
afterEach(() => store?.close());

describe('an index run killed midway', () => {
  it('leaves a consistent index, and the next run resumes where it stopped', async () => {
    const root = makeTempRepo(chainRepoFiles(FILES));
    const indexFile = path.join(makeTempDir(), 'index.sqlite');
    const { killed } = await indexAndKill(root, indexFile, KILL_AFTER);
    expect(killed).toBe(true);

    // A reader sees the build record the killed run left: partial, interrupted (no process holds the lock).
    const reader = IndexStore.open(indexFile);
    expect(readIndexState(reader)).toEqual({
      complete: false,
      reason: 'interrupted',
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    reader.close();

    store = await IndexStore.openWriter(indexFile);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The first build had dropped its lookup indexes; opening the index restores them.
    const indexes = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('refs_name', 'symbols_name', 'chunks_file')")
      .pluck()
      .all();
    expect(indexes.sort()).toEqual(['chunks_file', 'refs_name', 'symbols_name']);
    const committed = readIndexStats(store).files;
    expect(committed).toBeGreaterThanOrEqual(200);
    expect(committed).toBeLessThan(FILES);
    // Every committed file is whole: its symbol and its chunk are there, nothing dangles.
    const incomplete = store.db
      .prepare(
        `SELECT count(*) FROM files f WHERE NOT EXISTS (SELECT 1 FROM symbols s WHERE s.file_id = f.id)
         OR NOT EXISTS (SELECT 1 FROM chunks c WHERE c.file_id = f.id)`,
      )
      .pluck()
      .get();
    expect(incomplete).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM symbols WHERE file_id NOT IN (SELECT id FROM files)').pluck().get()).toBe(0);

    const resumed = await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
    expect(resumed.unchanged).toBe(committed);
    expect(resumed.added).toBe(FILES - committed);
    const after = readIndexStats(store);
    expect(after.files).toBe(FILES);
    expect(after.pendingEdges).toBe(0);
    expect(after.edges.import).toBe(FILES);
    expect(after.edges.call).toBe(FILES);
    expect(after.state).toEqual({ complete: true });
  });
});
