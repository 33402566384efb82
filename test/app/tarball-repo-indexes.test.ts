import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import nock from 'nock';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { TarballRepoIndexes } from '../../src/app/tarball-repo-indexes.js';
import { blobBody, file, github, HEAD_SHA, makeOctokit, mockMetadata, treeBody } from '../github/github-nock.js';
import { makeTempDir, writeFiles } from '../helpers/temp-repo.js';

const NEW_SHA = 'beef'.padEnd(40, '1');
const FILES = {
  'src/app.ts': 'export function startApp(): number {\n  return 1;\n}\n',
  'src/old.ts': 'export const old = 1;\n',
  'README.md': '# r\n',
};
const TARGET = { installationId: 7, owner: 'o', repo: 'r', defaultBranch: 'main', maxTarballBytes: 1_000_000 };

async function buildTarball(files: Record<string, string>): Promise<Buffer> {
  const staging = makeTempDir();
  const top = `o-r-${HEAD_SHA.slice(0, 7)}`;
  writeFiles(path.join(staging, top), files);
  const archive = path.join(makeTempDir(), 'repo.tar.gz');
  await create({ gzip: true, cwd: staging, file: archive, portable: true }, [top]);
  return readFileSync(archive);
}

async function mockFirstDownload(files: Record<string, string>): Promise<void> {
  const tarball = await buildTarball(files);
  mockMetadata(github())
    .get('/repos/o/r')
    .reply(200, { default_branch: 'main', description: null, language: null })
    .get(`/repos/o/r/tarball/${HEAD_SHA}`)
    .reply(302, '', { location: `https://codeload.github.com/o/r/legacy.tar.gz/${HEAD_SHA}` });
  nock('https://codeload.github.com')
    .get(`/o/r/legacy.tar.gz/${HEAD_SHA}`)
    .reply(200, () => Readable.from([tarball]));
}

describe('TarballRepoIndexes', () => {
  it("builds a repository's first index from one tarball, in its own SQLite file under the data directory", async () => {
    await mockFirstDownload(FILES);
    const dataDir = makeTempDir();
    const indexes = new TarballRepoIndexes({ dataDir });

    const opened = await indexes.open(makeOctokit(), TARGET);

    expect(opened.update).toBe('built');
    expect(opened.headSha).toBe(HEAD_SHA);
    expect(
      opened.store
        .listFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['README.md', 'src/app.ts', 'src/old.ts']);
    expect(opened.store.db.name).toBe(path.join(dataDir, 'installations', '7', 'o+r', 'index.sqlite'));
    opened.release();
    expect(indexes.has(TARGET)).toBe(true);
  });

  it('brings it to a new commit from the tree diff, fetching only the blobs that changed', async () => {
    await mockFirstDownload(FILES);
    const indexes = new TarballRepoIndexes({ dataDir: makeTempDir() });
    (await indexes.open(makeOctokit(), TARGET)).release();
    const changedApp = 'export function startApp(): number {\n  return 2;\n}\nexport function stopApp(): void {}\n';
    const added = 'export const added = true;\n';
    github()
      .get('/repos/o/r')
      .reply(200, { default_branch: 'main', description: null, language: null })
      .get(`/repos/o/r/git/trees/${NEW_SHA}`)
      .query({ recursive: '1' })
      .reply(200, treeBody([file('src/app.ts', changedApp), file('src/added.ts', added), file('README.md', FILES['README.md'])]))
      .get(`/repos/o/r/git/blobs/${file('src/app.ts', changedApp).sha}`)
      .reply(200, blobBody(changedApp))
      .get(`/repos/o/r/git/blobs/${file('src/added.ts', added).sha}`)
      .reply(200, blobBody(added));

    const opened = await indexes.open(makeOctokit(), TARGET, { headSha: NEW_SHA });

    expect(opened.update).toBe('delta');
    expect(opened.headSha).toBe(NEW_SHA);
    expect(
      opened.store
        .listFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['README.md', 'src/added.ts', 'src/app.ts']);
    expect(await opened.source.readFile('src/app.ts')).toBe(changedApp);
    opened.release();
  });

  describe('when two servers share the data directory', () => {
    it('builds the index once: the other job waits for the write lock, then reads it at that commit', async () => {
      await mockFirstDownload(FILES); // one download: a second would find no mock and fail
      const dataDir = makeTempDir();
      const [a, b] = [new TarballRepoIndexes({ dataDir }), new TarballRepoIndexes({ dataDir })];

      const opened = await Promise.all([a.open(makeOctokit(), TARGET), b.open(makeOctokit(), TARGET, { headSha: HEAD_SHA })]);

      expect(opened.map((o) => o.update).sort()).toEqual(['built', 'fresh']);
      for (const o of opened) {
        expect(
          o.store
            .listFiles()
            .map((f) => f.path)
            .sort(),
        ).toEqual(['README.md', 'src/app.ts', 'src/old.ts']);
        expect(o.store.holdsWriteLock).toBe(false); // a job reads with the lock let go: the next writer is not kept waiting
        o.release();
      }
    });
  });

  it("refuses a tarball over the repository's cap", async () => {
    await mockFirstDownload({ ...FILES, 'big.txt': 'x'.repeat(50_000) });
    const indexes = new TarballRepoIndexes({ dataDir: makeTempDir() });

    await expect(indexes.open(makeOctokit(), { ...TARGET, maxTarballBytes: 200 })).rejects.toMatchObject({ code: 'tarball-too-large' });
  });
});
