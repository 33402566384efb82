import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeFileRanks, markFileRanksStale, readFileRanks } from '../../../src/core/code-index/file-ranks.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { BUILD_STATE_KEY } from '../../../src/core/code-index/index-meta-keys.js';
import type { IndexStore } from '../../../src/core/code-index/index-store.js';
import { buildRepoMap } from '../../../src/core/code-index/repo-map.js';
import { indexSample, SAMPLE_FILES, type IndexedRepo } from '../../helpers/sample-repo.js';
import { writeFiles } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

/** The stored ranks by path, and what PageRank gives over the graph as it is now, by path. */
function storedAndComputed(store: IndexStore): { stored: Record<string, number>; computed: Record<string, number> } {
  const stored = readFileRanks(store);
  expect(stored, 'stored ranks are readable').toBeDefined();
  const computed = computeFileRanks(store);
  const byPath = (r: { files: { path: string }[]; rank: Float64Array }) => Object.fromEntries(r.files.map((f, i) => [f.path, r.rank[i]!]));
  return { stored: byPath(stored!), computed: byPath(computed) };
}

async function refresh(files: Record<string, string>, removed: string[] = []): Promise<void> {
  writeFiles(repo!.root, files);
  for (const file of removed) unlinkSync(path.join(repo!.root, file));
  await indexRepository(repo!.source, repo!.store, { workers: 0 });
}

describe('stored file ranks', () => {
  it('are written by a build: exactly the PageRank of its graph', async () => {
    repo = await indexSample();
    const { stored, computed } = storedAndComputed(repo.store);
    expect(stored).toEqual(computed);
    expect(Object.keys(stored)).toContain('src/http/headers.ts');
  });

  describe('after an incremental refresh', () => {
    it('follow an edit that changes the graph', async () => {
      repo = await indexSample();
      const before = storedAndComputed(repo.store).stored;
      // tools/uploader.py now also calls splitHeaders' file: new edges, new ranks.
      await refresh({
        'src/server.ts': `import { splitHeaders } from './http/headers.js';\n${SAMPLE_FILES['src/server.ts']!}export const h = splitHeaders('');\n`,
      });
      const { stored, computed } = storedAndComputed(repo.store);
      expect(stored).toEqual(computed);
      expect(stored['src/http/headers.ts']).not.toBe(before['src/http/headers.ts']);
    });

    it('follow a deleted and an added file', async () => {
      repo = await indexSample();
      await refresh({ 'tools/extra.py': 'from .retry import with_retries\n\ndef extra():\n    return with_retries(lambda: 1)\n' }, [
        'src/http/headers.ts',
      ]);
      const { stored, computed } = storedAndComputed(repo.store);
      expect(stored).toEqual(computed);
      expect(Object.keys(stored)).toContain('tools/extra.py');
      expect(Object.keys(stored)).not.toContain('src/http/headers.ts');
    });

    it('are not rewritten when nothing changed', async () => {
      const writes: string[] = [];
      repo = await indexSample(SAMPLE_FILES, { onStatement: (sql) => writes.push(String(sql)) });
      expect(writes.some((sql) => sql.startsWith('INSERT INTO file_ranks'))).toBe(true);
      writes.length = 0;
      await indexRepository(repo.source, repo.store, { workers: 0 });
      expect(writes.filter((sql) => sql.includes('file_ranks') && !sql.startsWith('SELECT'))).toEqual([]);
      expect(readFileRanks(repo.store)).toBeDefined();
    });
  });

  it('are not trusted when marked stale or when the build is not complete', async () => {
    repo = await indexSample();
    const store = repo.store;
    store.transaction(() => store.setMeta(BUILD_STATE_KEY, 'building'));
    expect(readFileRanks(store)).toBeUndefined();
    store.transaction(() => store.setMeta(BUILD_STATE_KEY, 'complete'));
    expect(readFileRanks(store)).toBeDefined();
    store.transaction(() => markFileRanksStale(store));
    expect(readFileRanks(store)).toBeUndefined();
  });

  it('give the repo map the same map as ranks computed on the spot', async () => {
    repo = await indexSample();
    const store = repo.store;
    const fromStored = buildRepoMap(store, { tokens: 4000 });
    store.transaction(() => markFileRanksStale(store));
    expect(buildRepoMap(store, { tokens: 4000 })).toEqual(fromStored);
  });
});
