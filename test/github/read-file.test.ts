import { describe, expect, it } from 'vitest';
import { GitHubRepoSource } from '../../src/github/github-repo-source.js';
import { HEAD_SHA, blobBody, file, github, makeOctokit, mockMetadata, treeBody } from './github-nock.js';

const appText = 'import { x } from "./x";\n\nexport function parseUrl(text: string) {\n  return new URL(text);\n}\n';
const app = file('src/app.ts', appText);
const copy = file('src/copy.ts', appText); // same content, same blob sha
const gone = file('src/gone.ts', 'export {};\n');
const image = file('src/data.ts', 'binary');

function mockTree(): ReturnType<typeof github> {
  return mockMetadata(github())
    .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
    .query({ recursive: '1' })
    .reply(200, treeBody([app, copy, gone, image, file('.env', 'TOKEN=1\n')]));
}

function newSource(): GitHubRepoSource {
  return new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });
}

describe('GitHubRepoSource.readFile', () => {
  it('fetches the blob by the sha from the tree and decodes it', async () => {
    mockTree().get(`/repos/o/r/git/blobs/${app.sha}`).reply(200, blobBody(appText));
    await expect(newSource().readFile('./src//app.ts')).resolves.toBe(appText);
  });

  describe('when a blob is read again', () => {
    it('fetches it once (also for another path with the same content) and charges its bytes once', async () => {
      const blob = mockTree().get(`/repos/o/r/git/blobs/${app.sha}`).once().reply(200, blobBody(appText));
      const source = newSource();

      await Promise.all([source.readFile('src/app.ts'), source.readFile('src/app.ts')]);
      const blobBytes = source.bytesByKind.blob;
      const total = source.bytesFetched;
      await source.readRange('src/app.ts', { startLine: 3, endLine: 5 });
      await source.readFile('src/copy.ts');
      await source.searchInFile('src/app.ts', 'url', 5);

      expect(blob.isDone()).toBe(true);
      expect(blobBytes).toBe(JSON.stringify(blobBody(appText)).length);
      expect(source.bytesByKind.blob).toBe(blobBytes);
      expect(source.bytesFetched).toBe(total);
    });
  });

  describe('readRange and searchInFile', () => {
    it('returns 1-based inclusive lines, clipped at the end', async () => {
      mockTree().get(`/repos/o/r/git/blobs/${app.sha}`).reply(200, blobBody(appText));
      const source = newSource();
      expect(await source.readRange('src/app.ts', { startLine: 3, endLine: 99 })).toBe(
        'export function parseUrl(text: string) {\n  return new URL(text);\n}\n',
      );
    });

    it('finds lines holding every word of the query, case-insensitive, up to maxMatches', async () => {
      mockTree().get(`/repos/o/r/git/blobs/${app.sha}`).reply(200, blobBody(appText));
      const source = newSource();
      expect(await source.searchInFile('src/app.ts', 'URL text', 10)).toEqual([
        { line: 3, text: 'export function parseUrl(text: string) {' },
        { line: 4, text: '  return new URL(text);' },
      ]);
      expect(await source.searchInFile('src/app.ts', 'url', 1)).toEqual([{ line: 3, text: 'export function parseUrl(text: string) {' }]);
      expect(await source.searchInFile('src/app.ts', 'nowhere', 10)).toEqual([]);
    });
  });

  describe('when the path is not acceptable', () => {
    it('rejects traversal before any call', async () => {
      const source = newSource();
      await expect(source.readFile('../outside.ts')).rejects.toMatchObject({ code: 'path-rejected' });
      expect(source.bytesFetched).toBe(0);
    });

    it('names a path that is not in the tree', async () => {
      mockTree();
      await expect(newSource().readFile('src/missing.ts')).rejects.toMatchObject({
        code: 'file-not-found',
        message: expect.stringContaining('src/missing.ts') as unknown,
      });
    });

    it('refuses a path outside the scope', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([app, file('README.md', '# r\n')]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', scope: 'src' });
      await expect(source.readFile('README.md')).rejects.toMatchObject({
        code: 'file-not-found',
        message: expect.stringContaining('scope src') as unknown,
      });
    });
  });

  describe('when GitHub answers 404 for one blob', () => {
    it('throws file-not-found for that file and still reads the others', async () => {
      mockTree()
        .get(`/repos/o/r/git/blobs/${gone.sha}`)
        .reply(404, { message: 'Not Found' })
        .get(`/repos/o/r/git/blobs/${app.sha}`)
        .reply(200, blobBody(appText));
      const source = newSource();

      await expect(source.readFile('src/gone.ts')).rejects.toMatchObject({
        code: 'file-not-found',
        message: expect.stringContaining('src/gone.ts') as unknown,
      });
      await expect(source.readFile('src/app.ts')).resolves.toBe(appText);
    });
  });

  describe('when the blob is binary', () => {
    it('refuses it with a clear error', async () => {
      mockTree()
        .get(`/repos/o/r/git/blobs/${image.sha}`)
        .reply(200, blobBody(Buffer.from([0x89, 0x50, 0, 0x47])));
      await expect(newSource().readFile('src/data.ts')).rejects.toMatchObject({
        code: 'file-binary',
        message: 'src/data.ts is a binary file (it contains NUL bytes) and is not read as text',
      });
    });
  });
});
