import { cpSync, existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIndexState } from '../../../src/core/code-index/index-state.js';
import type { IndexStore } from '../../../src/core/code-index/index-store.js';
import { isIndexWriteLocked } from '../../../src/core/code-index/index-write-lock.js';
import { openRepoIndex, TREE_COMMIT_KEY, type OpenedIndexFiles } from '../../../src/core/code-index/open-repo-index.js';
import type { RemoteRepoFiles } from '../../../src/core/ports.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { makeTempDir, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const SHA_1 = 'a'.repeat(40);
const SHA_2 = 'b'.repeat(40);
const FILES = {
  'src/app.ts': 'export function startApp(): number {\n  return 1;\n}\n',
  'src/old.ts': 'export const old = 1;\n',
  'README.md': '# r\n',
};

let opened: OpenedIndexFiles | undefined;
afterEach(() => opened?.store.close());

/** A remote commit over a real folder, counting what the lifecycle asks of it. */
function makeRemote(files: Record<string, string>) {
  const commit = makeTempRepo(files);
  const calls = { downloads: 0, blobs: [] as string[] };
  const remote: RemoteRepoFiles = {
    listFiles: () => new LocalRepoSource(commit).listFiles(),
    async downloadTarball(destDir) {
      calls.downloads += 1;
      const staging = `${destDir}.partial`;
      cpSync(commit, staging, { recursive: true });
      renameSync(staging, destDir); // whole or not at all, as extractTarball does
    },
    async readBlob(file) {
      calls.blobs.push(file.path);
      return readFileSync(path.join(commit, file.path));
    },
  };
  return { remote, calls };
}

function remoteFiles(remote: RemoteRepoFiles, headSha: string, folder: string, maxDeltaFiles = 10) {
  return { kind: 'remote' as const, remote, headSha, tree: path.join(folder, 'tree'), maxTarballBytes: 1_000_000, maxDeltaFiles };
}

const pathsOf = (store: IndexStore) =>
  store
    .listFiles()
    .map((f) => f.path)
    .sort();

describe('openRepoIndex', () => {
  describe('from a remote commit', () => {
    it('builds the first index from one tarball, stamps the commit and lets the write lock go', async () => {
      const folder = makeTempDir();
      const { remote, calls } = makeRemote(FILES);

      opened = await openRepoIndex(path.join(folder, 'index.sqlite'), { files: remoteFiles(remote, SHA_1, folder) });

      expect(opened.update).toBe('built');
      expect(calls.downloads).toBe(1);
      expect(pathsOf(opened.store)).toEqual(['README.md', 'src/app.ts', 'src/old.ts']);
      expect(opened.store.getMeta('head_sha')).toBe(SHA_1);
      expect(opened.store.holdsWriteLock).toBe(false);
      expect(readIndexState(opened.store)).toEqual({ complete: true });
      expect(opened.source.root).toBe(path.join(folder, 'tree'));
    });

    it('reads an index already at the commit as it is: no download, no lock, nothing written', async () => {
      const folder = makeTempDir();
      const file = path.join(folder, 'index.sqlite');
      const { remote, calls } = makeRemote(FILES);
      (await openRepoIndex(file, { files: remoteFiles(remote, SHA_1, folder) })).store.close();

      opened = await openRepoIndex(file, { files: remoteFiles(remote, SHA_1, folder) });

      expect(opened.update).toBe('fresh');
      expect(opened.stats).toBeUndefined();
      expect(calls.downloads).toBe(1);
      expect(isIndexWriteLocked(file)).toBe(false);
    });

    it('brings the index to a new commit from the blobs that changed', async () => {
      const folder = makeTempDir();
      const file = path.join(folder, 'index.sqlite');
      (await openRepoIndex(file, { files: remoteFiles(makeRemote(FILES).remote, SHA_1, folder) })).store.close();
      const changedApp = 'export function startApp(): number {\n  return 2;\n}\n';
      const next = makeRemote({
        'src/app.ts': changedApp,
        'src/added.ts': 'export const added = true;\n',
        'README.md': FILES['README.md'],
      });

      opened = await openRepoIndex(file, { files: remoteFiles(next.remote, SHA_2, folder) });

      expect(opened.update).toBe('delta');
      expect(next.calls.downloads).toBe(0);
      expect(next.calls.blobs.sort()).toEqual(['src/added.ts', 'src/app.ts']);
      expect(opened.stats).toMatchObject({ added: 1, changed: 1, removed: 1 });
      expect(pathsOf(opened.store)).toEqual(['README.md', 'src/added.ts', 'src/app.ts']);
      expect(existsSync(path.join(folder, 'tree', 'src/old.ts'))).toBe(false);
      expect(await opened.source.readFile('src/app.ts')).toBe(changedApp);
      expect(opened.store.getMeta('head_sha')).toBe(SHA_2);
      expect(opened.store.getMeta(TREE_COMMIT_KEY)).toBe(SHA_2);
    });

    it('downloads the tarball again when more files changed than a delta is worth', async () => {
      const folder = makeTempDir();
      const file = path.join(folder, 'index.sqlite');
      (await openRepoIndex(file, { files: remoteFiles(makeRemote(FILES).remote, SHA_1, folder) })).store.close();
      const next = makeRemote({ ...FILES, 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });

      opened = await openRepoIndex(file, { files: remoteFiles(next.remote, SHA_2, folder, 1) });

      expect(opened.update).toBe('built');
      expect(next.calls).toEqual({ downloads: 1, blobs: [] });
      expect(opened.stats).toMatchObject({ added: 2, changed: 0, removed: 0 });
    });

    it('resumes a stopped first build from the tree already unpacked, without downloading it again', async () => {
      const folder = makeTempDir();
      const file = path.join(folder, 'index.sqlite');
      const first = makeRemote(FILES);
      const stop = (progress: { phase: string }) => {
        if (progress.phase === 'linking') throw new Error('killed');
      };
      await expect(
        openRepoIndex(file, { files: remoteFiles(first.remote, SHA_1, folder), indexing: { onProgress: stop } }),
      ).rejects.toThrow('killed');
      expect(isIndexWriteLocked(file)).toBe(false);

      const again = makeRemote(FILES);
      opened = await openRepoIndex(file, { files: remoteFiles(again.remote, SHA_1, folder) });

      expect(again.calls.downloads).toBe(0);
      expect(opened.update).toBe('built');
      expect(opened.stats).toMatchObject({ added: 0, changed: 0, unchanged: 3 }); // parsed before the stop, kept
      expect(readIndexState(opened.store)).toEqual({ complete: true });
      expect(opened.store.getMeta('head_sha')).toBe(SHA_1);
    });

    it('downloads again after a delta stopped halfway: the tree no longer matches any commit', async () => {
      const folder = makeTempDir();
      const file = path.join(folder, 'index.sqlite');
      (await openRepoIndex(file, { files: remoteFiles(makeRemote(FILES).remote, SHA_1, folder) })).store.close();
      const next = makeRemote({ ...FILES, 'src/app.ts': 'export const app = 2;\n' });
      const failing: RemoteRepoFiles = { ...next.remote, readBlob: () => Promise.reject(new Error('network down')) };
      await expect(openRepoIndex(file, { files: remoteFiles(failing, SHA_2, folder) })).rejects.toThrow('network down');

      opened = await openRepoIndex(file, { files: remoteFiles(next.remote, SHA_2, folder) });

      expect(opened.update).toBe('built');
      expect(next.calls.downloads).toBe(1);
      expect(await opened.source.readFile('src/app.ts')).toBe('export const app = 2;\n');
    });
  });

  describe('from a checkout', () => {
    it('indexes it in place, then only what changed, with the lock held through beforeRelease', async () => {
      const root = makeTempRepo(FILES);
      const file = path.join(makeTempDir(), 'index.sqlite');
      const source = new LocalRepoSource(root);
      const first = await openRepoIndex(file, { files: { kind: 'checkout', source }, indexing: { workers: 0 } });
      expect(first.update).toBe('built');
      expect(first.stats).toMatchObject({ added: 3 });
      first.store.close();
      writeFiles(root, { 'src/app.ts': 'export const app = 2;\n' });
      let lockedDuringSave = false;

      opened = await openRepoIndex(file, {
        files: { kind: 'checkout', source },
        beforeRelease: async (store) => {
          lockedDuringSave = store.holdsWriteLock && isIndexWriteLocked(file);
        },
      });

      expect(opened.update).toBe('delta');
      expect(opened.stats).toMatchObject({ added: 0, changed: 1, unchanged: 2 });
      expect(lockedDuringSave).toBe(true);
      expect(opened.store.holdsWriteLock).toBe(false);
    });
  });
});
