import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository, type ParseJob } from '../../../src/core/code-index/index-repository.js';
import { readIndexStats } from '../../../src/core/code-index/index-stats.js';
import type { IndexStore } from '../../../src/core/code-index/index-store.js';
import { kindNameSql } from '../../../src/core/code-index/stored-kinds.js';
import { indexSample, SAMPLE_FILES, type IndexedRepo } from '../../helpers/sample-repo.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

const edgesOf = (store: IndexStore) =>
  store.db
    .prepare(
      `SELECT a.path AS src, ${kindNameSql('edge', 'e.kind')} AS kind, b.path AS dst FROM edges e
     JOIN files a ON a.id = e.src_file_id JOIN files b ON b.id = e.dst_file_id ORDER BY 1, 2, 3`,
    )
    .all();

describe('indexRepository', () => {
  it('stores files with language, blob sha and status', async () => {
    repo = await indexSample();
    const rows = repo.store.db.prepare('SELECT path, language, status FROM files ORDER BY path').all();
    expect(rows).toEqual([
      { path: 'README.md', language: 'text', status: 'text' },
      { path: 'src/http/headers.ts', language: 'typescript', status: 'ok' },
      { path: 'src/http/parse-http-request.ts', language: 'typescript', status: 'ok' },
      { path: 'src/server.ts', language: 'typescript', status: 'ok' },
      { path: 'tools/__init__.py', language: 'python', status: 'ok' },
      { path: 'tools/retry.py', language: 'python', status: 'ok' },
      { path: 'tools/uploader.py', language: 'python', status: 'ok' },
    ]);
  });

  it('builds import, call and inherit edges between files', async () => {
    repo = await indexSample();
    expect(edgesOf(repo.store)).toEqual([
      { src: 'src/http/parse-http-request.ts', kind: 'call', dst: 'src/http/headers.ts' },
      { src: 'src/http/parse-http-request.ts', kind: 'import', dst: 'src/http/headers.ts' },
      { src: 'src/server.ts', kind: 'call', dst: 'src/http/parse-http-request.ts' },
      { src: 'src/server.ts', kind: 'import', dst: 'src/http/parse-http-request.ts' },
      { src: 'src/server.ts', kind: 'type', dst: 'src/http/parse-http-request.ts' },
      { src: 'tools/uploader.py', kind: 'call', dst: 'tools/retry.py' },
      { src: 'tools/uploader.py', kind: 'import', dst: 'tools/retry.py' },
    ]);
  });

  it('never lets a secret file or token into the index', async () => {
    repo = await indexSample({
      'a.ts': "const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';\nexport function usesToken() { return token; }\n",
      '.env': 'X=1\n',
      'keys/server.key': 'k\n',
      'b.ts': `${buildSecretCorpus().find((s) => s.name === 'RSA private key (PEM)')!.value}\n`,
      'logo.ts': new Uint8Array([0x47, 0x00, 0x01]),
    });
    const paths = repo.store.db.prepare('SELECT path, status, reason FROM files ORDER BY path').all();
    expect(paths).toEqual([
      { path: 'a.ts', status: 'ok', reason: null },
      { path: 'b.ts', status: 'skipped', reason: 'private-key' },
      { path: 'logo.ts', status: 'skipped', reason: 'binary' },
    ]);
    const hits = repo.store.db.prepare(`SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '"ghp"'`).pluck().get();
    expect(hits).toBe(0);
    const redacted = repo.store.db.prepare(`SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '"redacted"'`).pluck().get();
    expect(redacted).toBe(1);
  });

  describe('when run again', () => {
    it('parses nothing if nothing changed', async () => {
      repo = await indexSample();
      const stats = await indexRepository(repo.source, repo.store, { workers: 0 });
      expect(stats).toMatchObject({ added: 0, changed: 0, removed: 0, bytesParsed: 0, edgesRebuiltFor: 0 });
    });

    it('parses only the changed file and relinks its edges', async () => {
      repo = await indexSample();
      const parsed: number[] = [];
      writeFileSync(path.join(repo.root, 'src/http/headers.ts'), 'export function splitLines(s: string) { return s; }\n');
      const stats = await indexRepository(repo.source, repo.store, {
        workers: 0,
        onProgress: (p) => p.phase === 'parsing' && parsed.push(p.done),
      });
      expect(stats).toMatchObject({ added: 0, changed: 1, removed: 0, unchanged: 6 });
      expect(parsed).toEqual([1]);
      // splitHeaders is gone, so the call edge into headers.ts is too; the import stays.
      expect(edgesOf(repo.store)).not.toContainEqual({ src: 'src/http/parse-http-request.ts', kind: 'call', dst: 'src/http/headers.ts' });
      expect(edgesOf(repo.store)).toContainEqual({ src: 'src/http/parse-http-request.ts', kind: 'import', dst: 'src/http/headers.ts' });
    });

    it('removes a deleted file with its symbols, chunks and edges, and relinks what imported it', async () => {
      repo = await indexSample();
      rmSync(path.join(repo.root, 'tools/retry.py'));
      const stats = await indexRepository(repo.source, repo.store, { workers: 0 });
      expect(stats.removed).toBe(1);
      const s = readIndexStats(repo.store);
      expect(s.files).toBe(6);
      expect(edgesOf(repo.store).filter((e) => JSON.stringify(e).includes('retry'))).toEqual([]);
      const orphans = repo.store.db
        .prepare(
          'SELECT (SELECT count(*) FROM symbols WHERE file_id NOT IN (SELECT id FROM files)) + (SELECT count(*) FROM chunks WHERE file_id NOT IN (SELECT id FROM files))',
        )
        .pluck()
        .get();
      expect(orphans).toBe(0);
      // The file comes back: the import that dangled resolves again.
      writeFileSync(path.join(repo.root, 'tools/retry.py'), 'def with_retries(fn):\n    return fn()\n');
      await indexRepository(repo.source, repo.store, { workers: 0 });
      expect(edgesOf(repo.store)).toContainEqual({ src: 'tools/uploader.py', kind: 'import', dst: 'tools/retry.py' });
    });

    it('re-indexes only the paths it is given', async () => {
      repo = await indexSample();
      writeFileSync(path.join(repo.root, 'src/server.ts'), 'export const x = 1;\n');
      writeFileSync(path.join(repo.root, 'tools/retry.py'), 'X = 1\n');
      const stats = await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['src/server.ts'] });
      expect(stats.changed).toBe(1);
      const again = await indexRepository(repo.source, repo.store, { workers: 0 });
      expect(again.changed).toBe(1);
      rmSync(path.join(repo.root, 'tools/uploader.py'));
      const removal = await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['tools/uploader.py'] });
      expect(removal).toMatchObject({ removed: 1, changed: 0, added: 0 });
      expect(readIndexStats(repo.store).files).toBe(6);
    });
  });

  it('gives the same index with worker threads as on one thread', async () => {
    repo = await indexSample(undefined, { workers: 2 });
    const threaded = readIndexStats(repo.store);
    const edges = edgesOf(repo.store);
    repo.store.close();
    repo = await indexSample(undefined, { workers: 0 });
    expect({ ...readIndexStats(repo.store), indexFile: '', indexBytes: 0, root: '', indexedAt: '' }).toEqual({
      ...threaded,
      indexFile: '',
      indexBytes: 0,
      root: '',
      indexedAt: '',
    });
    expect(edgesOf(repo.store)).toEqual(edges);
  });

  describe('before it parses', () => {
    it('tells beforeParse how many files and bytes it is about to parse, once, and nothing when nothing changed', async () => {
      const jobs: ParseJob[] = [];
      repo = await indexSample(SAMPLE_FILES, { git: true, beforeParse: (job) => jobs.push(job) });
      const storedBytes = repo.store.db.prepare('SELECT sum(size) FROM files').pluck().get();
      expect(jobs).toEqual([{ files: 7, bytes: storedBytes }]);
      const edited = 'def retry(times):\n    return times\n';
      writeFileSync(path.join(repo.root, 'tools/retry.py'), edited);
      await indexRepository(repo.source, repo.store, { workers: 0, beforeParse: (job) => jobs.push(job) });
      await indexRepository(repo.source, repo.store, { workers: 0, beforeParse: (job) => jobs.push(job) });
      expect(jobs.slice(1)).toEqual([{ files: 1, bytes: Buffer.byteLength(edited) }]);
    });
  });
});
