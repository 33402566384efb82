import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { writeFiles } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
let reader: IndexStore | undefined;
afterEach(() => {
  reader?.close();
  repo?.store.close();
});

const paths = (index: SqliteCodeIndex) => index.listFiles().map((f) => f.path);

describe('SqliteCodeIndex.listFiles, read once per change of the index', () => {
  it('sees a refresh written through its own connection', async () => {
    repo = await indexSample();
    const index = new SqliteCodeIndex(repo.store);
    const before = paths(index);
    expect(before).toContain('tools/retry.py');
    writeFiles(repo.root, { 'tools/added.py': 'def added():\n    return 1\n' });
    unlinkSync(path.join(repo.root, 'tools/retry.py'));
    await indexRepository(repo.source, repo.store, { workers: 0 });
    const after = paths(index);
    expect(after).toContain('tools/added.py');
    expect(after).not.toContain('tools/retry.py');
  });

  it('sees a refresh committed by another connection', async () => {
    repo = await indexSample();
    reader = IndexStore.open(repo.indexFile);
    const index = new SqliteCodeIndex(reader);
    expect(paths(index)).not.toContain('tools/added.py');
    writeFiles(repo.root, { 'tools/added.py': 'def added():\n    return 1\n' });
    await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(paths(index)).toContain('tools/added.py');
  });

  it('hands out a fresh array of frozen rows, so no caller changes what the next one reads', async () => {
    repo = await indexSample();
    const index = new SqliteCodeIndex(repo.store);
    const first = index.listFiles();
    const count = first.length;
    first.pop();
    expect(index.listFiles()).toHaveLength(count);
    expect(Object.isFrozen(index.listFiles()[0])).toBe(true);
  });
});

describe('SqliteCodeIndex.listFiles, the rows', () => {
  it("lists each file's facts without its blob sha, which getFile gives", async () => {
    repo = await indexSample();
    const index = new SqliteCodeIndex(repo.store);
    const listed = index.listFiles().find((f) => f.path === 'tools/retry.py');
    expect(listed).toEqual({ path: 'tools/retry.py', size: expect.any(Number), lines: expect.any(Number), language: 'python' });
    expect(index.getFile('tools/retry.py')?.blobSha).toMatch(/^[0-9a-f]{40}$/);
  });
});
