import { appendFileSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository, type IndexRunStats } from '../../../src/core/code-index/index-repository.js';
import { BUILD_STATE_KEY } from '../../../src/core/code-index/index-meta-keys.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { git, makeTempDir, writeFiles } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
const opened: IndexStore[] = [];
afterEach(() => {
  repo?.store.close();
  for (const store of opened.splice(0)) store.close();
});

/** The indexed files and their blobs: what a lookup can find. */
function indexedFiles(store: IndexStore): unknown[] {
  return store.db.prepare('SELECT path, hex(blob_sha) FROM files ORDER BY path').raw().all();
}

/** A build of the same tree into a new index, from nothing. */
async function buildFresh(root: string): Promise<{ store: IndexStore; stats: IndexRunStats }> {
  const store = await IndexStore.openWriter(path.join(makeTempDir(), 'fresh.sqlite'));
  opened.push(store);
  return { store, stats: await indexRepository(new LocalRepoSource(root), store, { workers: 0 }) };
}

/** Counts the statements that read every stored file row (what a listing bounded by the change must not need). */
function countFileScans(): { onStatement: (sql?: unknown) => void; scans: () => number } {
  let scans = 0;
  return {
    onStatement: (sql) => {
      if (typeof sql === 'string' && /FROM files\s*(ORDER BY|$)/i.test(sql.trim())) scans += 1;
    },
    scans: () => scans,
  };
}

const commit = (root: string, message: string) =>
  git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-a', '-m', message]);

describe('indexRepository over some paths only (onlyPaths) in a git checkout', () => {
  it('takes each path as the whole listing would: what git ignores is left out, a symlink is a symlink, .env is never read', async () => {
    repo = await indexSample(undefined, { git: true });
    writeFileSync(path.join(repo.root, '.git/info/exclude'), 'scratch/\n');
    writeFileSync(path.join(repo.root, 'notes.ts'), 'export const kept = 1;\n');
    appendFileSync(path.join(repo.root, '.env'), 'OTHER_TOKEN=ghp_zyxwvutsrqponmlkjihgfedcba9876543210\n');
    rmSync(path.join(repo.root, 'src/server.ts'));
    symlinkSync('http/headers.ts', path.join(repo.root, 'src/server.ts'));
    writeFiles(repo.root, { 'scratch/ignored.ts': 'export const ignoredByExclude = 1;\n' });

    const onlyPaths = ['.env', 'notes.ts', 'scratch/ignored.ts', 'src/server.ts'];
    const stats = await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths });

    expect(stats).toMatchObject({ added: 1, removed: 1, changed: 0 });
    expect(stats.skipped).toMatchObject({ secret: 1, symlink: 1 });
    const fresh = await buildFresh(repo.root);
    expect(indexedFiles(repo.store)).toEqual(indexedFiles(fresh.store));
  });

  it("stamps the commit git's HEAD names", async () => {
    repo = await indexSample(undefined, { git: true });
    appendFileSync(path.join(repo.root, 'tools/retry.py'), '\n\ndef later():\n    return 1\n');
    commit(repo.root, 'later');
    const head = git(repo.root, ['rev-parse', 'HEAD']).trim();

    await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['tools/retry.py'] });

    expect(repo.store.getMeta('head_sha')).toBe(head);
  });

  it('leaves the next refresh bounded by the change, and that refresh sees a file put back while nothing watched', async () => {
    const counter = countFileScans();
    repo = await indexSample(undefined, { git: true, onStatement: counter.onStatement });
    const file = path.join(repo.root, 'tools/retry.py');
    const original = readFileSync(file, 'utf8');
    // An edit that moves no edge: the ranks stay, so any scan of every row would be the listing's.
    writeFileSync(file, original.replace('attempts=3', 'attempts=4'));
    await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['tools/retry.py'] });
    // Put back as git stages it (git's index file untouched): git no longer names it as changed.
    writeFileSync(file, original);
    const before = counter.scans();

    const refreshed = await indexRepository(repo.source, repo.store, { workers: 0 });

    expect(refreshed).toMatchObject({ changed: 1, added: 0, removed: 0 });
    expect(counter.scans(), 'no listing of every stored file').toBe(before);
    const fresh = await buildFresh(repo.root);
    expect(indexedFiles(repo.store)).toEqual(indexedFiles(fresh.store));
    expect({ files: refreshed.files, skipped: refreshed.skipped }).toEqual({ files: fresh.stats.files, skipped: fresh.stats.skipped });
  });

  it('counts the tree as a whole listing does', async () => {
    repo = await indexSample(undefined, { git: true });
    writeFileSync(path.join(repo.root, 'added.py'), 'def added():\n    return 1\n');
    rmSync(path.join(repo.root, 'README.md'));

    const stats = await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['README.md', 'added.py'] });

    const fresh = await buildFresh(repo.root);
    expect({ files: stats.files, skipped: stats.skipped }).toEqual({ files: fresh.stats.files, skipped: fresh.stats.skipped });
  });

  it('finishes an index that is not complete (a build stopped) by listing everything', async () => {
    repo = await indexSample(undefined, { git: true });
    rmSync(path.join(repo.root, 'tools/retry.py'));
    repo.store.transaction(() => repo!.store.setMeta(BUILD_STATE_KEY, 'building'));

    const stats = await indexRepository(repo.source, repo.store, { workers: 0, onlyPaths: ['src/server.ts'] });

    expect(stats.removed).toBe(1);
    const fresh = await buildFresh(repo.root);
    expect(indexedFiles(repo.store)).toEqual(indexedFiles(fresh.store));
    expect(repo.store.getMeta(BUILD_STATE_KEY)).toBe('complete');
  });
});
