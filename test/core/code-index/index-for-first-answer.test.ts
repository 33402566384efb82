import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLanguages, indexForFirstAnswer } from '../../../src/core/code-index/index-for-first-answer.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { describeIndexState, readIndexState } from '../../../src/core/code-index/index-state.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

function repoFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'billing/invoice_total.py': 'def compute_invoice_total(lines):\n    return round(sum(lines), 2)\n',
    'billing/report.py':
      'from billing.invoice_total import compute_invoice_total\n\ndef report(lines):\n    return compute_invoice_total(lines)\n',
  };
  for (let i = 0; i < 30; i += 1) files[`pkg/mod${i}.py`] = `def handler_${i}(value):\n    return value + ${i}\n`;
  return files;
}

async function openWriter(): Promise<IndexStore> {
  return IndexStore.openWriter(path.join(makeTempDir('nanodex-first-'), 'index.sqlite'));
}

describe('indexForFirstAnswer', () => {
  it('indexes only the files the question needs and records the index as a first answer of N of M files', async () => {
    const source = new LocalRepoSource(makeTempRepo(repoFiles(), { git: true }));
    const store = await openWriter();
    try {
      const first = await indexForFirstAnswer(source, store, 'how is compute_invoice_total rounded', { workers: 0, minTreeBytes: 0 });
      expect(first).toMatchObject({ files: 2, total: 32 });
      expect(
        store
          .listFiles()
          .map((f) => f.path)
          .sort(),
      ).toEqual(['billing/invoice_total.py', 'billing/report.py']);
      store.releaseWriteLock();
      const state = readIndexState(store);
      expect(state).toEqual({ complete: false, reason: 'first-answer', files: 2, total: 32 });
      expect(describeIndexState(state)).toBe(
        'This reply was answered from a partial index of 2 of 32 files, picked for this question before the full index was built; ' +
          'the full index is built after this reply, for the next question.',
      );
    } finally {
      store.close();
    }
  });

  it('indexes the same files with a worker beside this thread as on this thread alone', async () => {
    const files = repoFiles();
    const rows = async (workers: number | undefined) => {
      const source = new LocalRepoSource(makeTempRepo(files, { git: true }));
      const store = await openWriter();
      try {
        await indexForFirstAnswer(source, store, 'how is compute_invoice_total rounded', { workers, minTreeBytes: 0 });
        return store.listFiles().map((f) => [f.path, f.blobSha]);
      } finally {
        store.close();
      }
    };
    expect(await rows(undefined)).toEqual(await rows(0));
  });

  it('warms the grammars of the picked files, the language of most files first', () => {
    const paths = [...Array.from({ length: 3 }, (_, i) => `web/c${i}.ts`), 'lib/a.py', 'lib/b.py', 'lib/c.py', 'lib/d.py', 'README.md'];
    expect(findLanguages(paths)).toEqual(['python', 'typescript']);
    expect(findLanguages(['README.md'])).toEqual([]);
  });

  it('is completed by the next whole run, which parses only the files not indexed yet', async () => {
    const source = new LocalRepoSource(makeTempRepo(repoFiles(), { git: true }));
    const store = await openWriter();
    try {
      await indexForFirstAnswer(source, store, 'how is compute_invoice_total rounded', { workers: 0, minTreeBytes: 0 });
      const rest = await indexRepository(source, store, { workers: 0 });
      expect(rest).toMatchObject({ added: 30, unchanged: 2 });
      expect(readIndexState(store)).toEqual({ complete: true });
      expect(store.listFiles()).toHaveLength(32);
    } finally {
      store.close();
    }
  });

  it('leaves a small tree to a whole build and writes nothing', async () => {
    const source = new LocalRepoSource(makeTempRepo(repoFiles(), { git: true }));
    const store = await openWriter();
    try {
      expect(await indexForFirstAnswer(source, store, 'how is compute_invoice_total rounded', { workers: 0 })).toBeUndefined();
      expect(store.isEmpty()).toBe(true);
    } finally {
      store.close();
    }
  });
});
