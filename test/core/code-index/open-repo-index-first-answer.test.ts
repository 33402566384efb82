import diagnosticsChannel from 'node:diagnostics_channel';
import { cpSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIndexState } from '../../../src/core/code-index/index-state.js';
import { openRepoIndex, type OpenedIndexFiles } from '../../../src/core/code-index/open-repo-index.js';
import type { RemoteRepoFiles } from '../../../src/core/ports.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

const SHA = 'c'.repeat(40);
const FILES: Record<string, string> = {
  'billing/invoice_total.py': 'def compute_invoice_total(lines):\n    return round(sum(lines), 2)\n',
  'pkg/a.py': 'def alpha():\n    return 1\n',
  'pkg/b.py': 'def beta():\n    return 2\n',
};

let opened: OpenedIndexFiles | undefined;
afterEach(() => opened?.store.close());

/** A remote commit over a real folder (a plain folder, as an unpacked tarball is), counting downloads. */
function makeRemote() {
  const commit = makeTempRepo(FILES);
  const calls = { downloads: 0 };
  const remote: RemoteRepoFiles = {
    listFiles: () => new LocalRepoSource(commit).listFiles(),
    async downloadTarball(destDir) {
      calls.downloads += 1;
      cpSync(commit, `${destDir}.partial`, { recursive: true });
      renameSync(`${destDir}.partial`, destDir);
    },
    readBlob: async (file) => readFileSync(path.join(commit, file.path)),
  };
  return { remote, calls };
}

describe('openRepoIndex with a question to answer first', () => {
  it('starts its parser worker before the tarball is downloaded, and picks from the files the unpacking says it wrote', async () => {
    const folder = makeTempDir();
    const commit = makeTempRepo(FILES);
    let workersStarted = 0;
    let workersAtDownload: number | undefined;
    const onWorker = () => (workersStarted += 1);
    const remote: RemoteRepoFiles = {
      listFiles: () => new LocalRepoSource(commit).listFiles(),
      async downloadTarball(destDir) {
        workersAtDownload = workersStarted;
        cpSync(commit, destDir, { recursive: true });
        // pkg/b.py left out of the list: the pick reads the list, not the folder.
        return { files: ['billing/invoice_total.py', 'pkg/a.py'].map((p) => ({ path: p, size: FILES[p]!.length })) };
      },
      readBlob: async (file) => readFileSync(path.join(commit, file.path)),
    };
    const files = {
      kind: 'remote' as const,
      remote,
      headSha: SHA,
      tree: path.join(folder, 'tree'),
      maxTarballBytes: 1e6,
      maxDeltaFiles: 10,
    };
    diagnosticsChannel.subscribe('worker_threads', onWorker);
    try {
      opened = await openRepoIndex(path.join(folder, 'index.sqlite'), {
        files,
        indexing: { workers: 1 },
        firstAnswer: { question: 'how is compute_invoice_total rounded', minTreeBytes: 0 },
      });
    } finally {
      diagnosticsChannel.unsubscribe('worker_threads', onWorker);
    }
    expect(workersAtDownload).toBe(1);
    expect(workersStarted).toBe(1);
    expect(opened.store.listFiles().map((f) => f.path)).toEqual(['billing/invoice_total.py']);
    expect(readIndexState(opened.store)).toEqual({ complete: false, reason: 'first-answer', files: 1, total: 2 });
  });

  it('indexes only the files the question needs on an empty index, stamps no commit, and the next open finishes it without downloading again', async () => {
    const folder = makeTempDir();
    const file = path.join(folder, 'index.sqlite');
    const { remote, calls } = makeRemote();
    const files = {
      kind: 'remote' as const,
      remote,
      headSha: SHA,
      tree: path.join(folder, 'tree'),
      maxTarballBytes: 1e6,
      maxDeltaFiles: 10,
    };

    opened = await openRepoIndex(file, { files, firstAnswer: { question: 'how is compute_invoice_total rounded', minTreeBytes: 0 } });
    expect(opened.update).toBe('first-answer');
    expect(opened.store.listFiles().map((f) => f.path)).toEqual(['billing/invoice_total.py']);
    expect(opened.store.getMeta('head_sha')).toBeUndefined();
    expect(readIndexState(opened.store)).toEqual({ complete: false, reason: 'first-answer', files: 1, total: 3 });
    opened.store.close();

    opened = await openRepoIndex(file, { files });
    expect(opened.update).toBe('built');
    expect(opened.stats).toMatchObject({ added: 2, unchanged: 1 });
    expect(calls.downloads).toBe(1);
    expect(opened.store.getMeta('head_sha')).toBe(SHA);
    expect(readIndexState(opened.store)).toEqual({ complete: true });
  });

  it('builds a whole index as before when the index already has files', async () => {
    const folder = makeTempDir();
    const file = path.join(folder, 'index.sqlite');
    const { remote } = makeRemote();
    const files = {
      kind: 'remote' as const,
      remote,
      headSha: SHA,
      tree: path.join(folder, 'tree'),
      maxTarballBytes: 1e6,
      maxDeltaFiles: 10,
    };
    (await openRepoIndex(file, { files })).store.close();

    opened = await openRepoIndex(file, {
      files: { ...files, headSha: 'd'.repeat(40) },
      firstAnswer: { question: 'alpha', minTreeBytes: 0 },
    });
    expect(opened.update).not.toBe('first-answer');
    expect(readIndexState(opened.store)).toEqual({ complete: true });
  });
});
