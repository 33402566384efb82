import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { needsFileRanks } from '../../../src/core/code-index/file-ranks.js';
import { LISTING_BASE_KEY, LISTING_FINGERPRINT_KEY } from '../../../src/core/code-index/index-meta-keys.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { makeTempRepo } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

/** Counts the statements that read every stored file row (what a no-change refresh must not need). */
function countFileScans(): { onStatement: (sql?: unknown) => void; scans: () => number } {
  let scans = 0;
  return {
    onStatement: (sql) => {
      if (typeof sql === 'string' && /FROM files\s*(ORDER BY|$)/i.test(sql.trim())) scans += 1;
    },
    scans: () => scans,
  };
}

describe('LocalRepoSource listing fingerprints', () => {
  it('gives a git checkout the same fingerprint while nothing changes, and answers "unchanged" without listing', async () => {
    const root = makeTempRepo({ 'a.ts': 'export const a = 1;\n', 'b.py': 'B = 1\n' }, { git: true });
    const source = new LocalRepoSource(root);
    const first = await source.listFiles();
    expect(first.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    expect(first.unchanged).toBeUndefined();
    const again = await source.listFiles({ unchangedSince: first.fingerprint });
    expect(again).toMatchObject({ fingerprint: first.fingerprint, unchanged: true, files: [], skipped: [] });
  });

  it('changes the fingerprint on an edit, a second edit of the same file, an untracked file and a deletion', async () => {
    const root = makeTempRepo({ 'a.ts': 'export const a = 1;\n', 'b.py': 'B = 1\n' }, { git: true });
    const source = new LocalRepoSource(root);
    const seen = new Set([(await source.listFiles()).fingerprint]);
    const step = async (change: () => void): Promise<void> => {
      change();
      const { fingerprint } = await source.listFiles();
      expect(seen.has(fingerprint)).toBe(false);
      seen.add(fingerprint);
    };
    await step(() => writeFileSync(path.join(root, 'a.ts'), 'export const a = 2;\n'));
    await step(() => writeFileSync(path.join(root, 'a.ts'), 'export const a = 33;\n'));
    await step(() => writeFileSync(path.join(root, 'c.ts'), 'export const c = 1;\n'));
    await step(() => rmSync(path.join(root, 'b.py')));
  });

  it('walks a folder its repository ignores (no fingerprint), as a plain folder', async () => {
    const root = makeTempRepo(
      { '.gitignore': 'deps/\n', 'a.ts': 'export const a = 1;\n', 'deps/lib/b.ts': 'export const b = 1;\n' },
      { git: true },
    );
    const listing = await new LocalRepoSource(path.join(root, 'deps')).listFiles();
    expect(listing.fingerprint).toBeUndefined();
    expect(listing.files.map((f) => f.path)).toEqual(['lib/b.ts']);
  });

  it('gives a plain folder no fingerprint: it is listed, statted and hashed every time', async () => {
    const root = makeTempRepo({ 'a.ts': 'export const a = 1;\n' });
    const listing = await new LocalRepoSource(root).listFiles({ unchangedSince: 'anything' });
    expect(listing.fingerprint).toBeUndefined();
    expect(listing.files.map((f) => f.path)).toEqual(['a.ts']);
  });
});

describe('indexRepository on a git checkout that did not change', () => {
  it('reads no stored rows and no file, and reports the same counts as the build before', async () => {
    const counter = countFileScans();
    repo = await indexSample(undefined, { git: true, onStatement: counter.onStatement });
    // Without a record of the last listing the refresh lists, stats and compares every file: the counts to match.
    repo.store.setMeta(LISTING_FINGERPRINT_KEY, '');
    repo.store.setMeta(LISTING_BASE_KEY, '');
    const scansBefore = counter.scans();
    const slow = await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(counter.scans()).toBe(scansBefore + 1);
    expect(slow).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: slow.files });
    const scansAfterSlow = counter.scans();
    const fast = await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(counter.scans()).toBe(scansAfterSlow);
    expect(fast).toMatchObject({
      files: slow.files,
      unchanged: slow.files,
      added: 0,
      changed: 0,
      removed: 0,
      bytesParsed: 0,
      skipped: slow.skipped,
    });
    expect(fast.headSha).toBe(slow.headSha);
  });

  it('notices an edit after a fast refresh and parses just that file', async () => {
    repo = await indexSample(undefined, { git: true });
    await indexRepository(repo.source, repo.store, { workers: 0 });
    writeFileSync(path.join(repo.root, 'tools/retry.py'), 'def with_retries(fn):\n    return fn()\n');
    const stats = await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(stats).toMatchObject({ changed: 1, added: 0, removed: 0 });
  });

  it('after a one-file edit, reads neither every stored row nor every path, and keeps the ranks when no edge moved', async () => {
    const counter = countFileScans();
    repo = await indexSample(undefined, { git: true, onStatement: counter.onStatement });
    const before = counter.scans();
    writeFileSync(path.join(repo.root, 'tools/retry.py'), 'def with_retries(fn, attempts=4):\n    return fn()\n');
    const stats = await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(stats).toMatchObject({ changed: 1, added: 0, removed: 0, unchanged: stats.files - 1 });
    // No listing of every stored file, no graph load for PageRank: the work is the edited file's.
    expect(counter.scans()).toBe(before);
    expect(needsFileRanks(repo.store)).toBe(false);
  });

  it('forgets the fingerprint after a run over some paths only, so the next refresh lists at least the changed paths', async () => {
    repo = await indexSample(undefined, { git: true });
    expect(repo.store.getMeta(LISTING_FINGERPRINT_KEY)).toMatch(/^[0-9a-f]{40}$/);
    await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['src/server.ts'] });
    expect(repo.store.getMeta(LISTING_FINGERPRINT_KEY)).toBe('');
    const stats = await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(stats).toMatchObject({ changed: 0, unchanged: stats.files });
    expect(repo.store.getMeta(LISTING_FINGERPRINT_KEY)).toMatch(/^[0-9a-f]{40}$/);
  });
});
