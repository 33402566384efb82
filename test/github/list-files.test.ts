import { describe, expect, it } from 'vitest';
import { GitHubRepoSource } from '../../src/github/github-repo-source.js';
import { HEAD_SHA, file, folder, github, makeOctokit, mockMetadata, treeBody } from './github-nock.js';

const app = file('src/app.ts', 'export const app = 1;\n');
const util = file('src/lib/util.ts', 'export const util = 2;\n');
const readme = file('README.md', '# r\n');
const docs = file('docs/guide.md', '# guide\n');

describe('GitHubRepoSource.readMetadata', () => {
  it('reads the repository and the head commit of the ref once, and caches them', async () => {
    mockMetadata(github(), { ref: 'v1.0' });
    const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', ref: 'v1.0' });
    const expected = {
      owner: 'o',
      repo: 'r',
      defaultBranch: 'main',
      description: 'A test repository',
      language: 'TypeScript',
      ref: 'v1.0',
      headSha: HEAD_SHA,
    };
    expect(await source.readMetadata()).toEqual(expected);
    expect(await source.readMetadata()).toEqual(expected);
    expect(source.bytesByKind.metadata).toBe(source.bytesFetched);
  });
});

describe('GitHubRepoSource.listFiles', () => {
  describe('when GitHub answers the recursive tree in one piece', () => {
    it('lists every file with the blob sha and size from the tree, pinned to the head commit', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, folder('src', 't-src'), app, folder('src/lib', 't-lib'), util]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });

      const listing = await source.listFiles();

      expect(listing.headSha).toBe(HEAD_SHA);
      expect(listing.files).toEqual([
        { path: 'README.md', size: readme.size, blobSha: readme.sha, mtimeMs: 0 },
        { path: 'src/app.ts', size: app.size, blobSha: app.sha, mtimeMs: 0 },
        { path: 'src/lib/util.ts', size: util.size, blobSha: util.sha, mtimeMs: 0 },
      ]);
      expect(listing.skipped).toEqual([]);
      expect(source.bytesByKind.tree).toBeGreaterThan(0);
      expect(source.bytesFetched).toBe(source.bytesByKind.tree + source.bytesByKind.metadata);
    });

    it('reads the tree once, however often it is listed', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, app]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });
      await source.listFiles();
      const again = await source.listFiles({ paths: ['src/app.ts', 'gone.ts'] });
      expect(again.files.map((f) => f.path)).toEqual(['src/app.ts']);
    });
  });

  describe('when GitHub truncates the recursive tree', () => {
    it('walks the folders one by one until the listing is complete', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, folder('src', 't-src')], true))
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .reply(200, treeBody([readme, folder('src', 't-src'), folder('docs', 't-docs')]))
        // src is still too big: listed flat, then its subfolder recursively
        .get('/repos/o/r/git/trees/t-src')
        .query({ recursive: '1' })
        .reply(200, treeBody([{ ...app, path: 'app.ts' }], true))
        .get('/repos/o/r/git/trees/t-src')
        .reply(200, treeBody([{ ...app, path: 'app.ts' }, folder('lib', 't-lib')]))
        .get('/repos/o/r/git/trees/t-lib')
        .query({ recursive: '1' })
        .reply(200, treeBody([{ ...util, path: 'util.ts' }]))
        .get('/repos/o/r/git/trees/t-docs')
        .query({ recursive: '1' })
        .reply(200, treeBody([{ ...docs, path: 'guide.md' }]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });

      const listing = await source.listFiles();

      expect(listing.files.map((f) => [f.path, f.blobSha])).toEqual([
        ['README.md', readme.sha],
        ['docs/guide.md', docs.sha],
        ['src/app.ts', app.sha],
        ['src/lib/util.ts', util.sha],
      ]);
    });

    it('with a scope, walks only the folders on the way to it and inside it', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme], true))
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .reply(200, treeBody([readme, folder('src', 't-src'), folder('docs', 't-docs')]))
        .get('/repos/o/r/git/trees/t-src')
        .query({ recursive: '1' })
        .reply(200, treeBody([{ ...app, path: 'app.ts' }, folder('lib', 't-lib'), { ...util, path: 'lib/util.ts' }]));
      // no call for t-docs: nock would fail the test on an unexpected request
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', scope: 'src/lib' });

      const listing = await source.listFiles();

      expect(listing.files.map((f) => f.path)).toEqual(['src/lib/util.ts']);
    });
  });

  describe('when a folder is too big even for a flat listing', () => {
    it('throws tree-too-large naming the folder instead of returning a partial listing', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme], true))
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .reply(200, treeBody([folder('big', 't-big')]))
        .get('/repos/o/r/git/trees/t-big')
        .query({ recursive: '1' })
        .reply(200, treeBody([], true))
        .get('/repos/o/r/git/trees/t-big')
        .reply(200, treeBody([], true));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });
      await expect(source.listFiles()).rejects.toMatchObject({
        code: 'tree-too-large',
        message: expect.stringContaining('folder big of o/r') as unknown,
      });
    });
  });

  describe('with a scope', () => {
    it('keeps only that subtree, with repo-relative paths', async () => {
      mockMetadata(github(), { ref: 'dev' })
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, folder('src', 't'), app, file('src-other/x.ts', 'x'), folder('src/lib', 'l'), util]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', ref: 'dev', scope: 'src/' });

      const listing = await source.listFiles();

      expect(listing.files.map((f) => f.path)).toEqual(['src/app.ts', 'src/lib/util.ts']);
      expect(source.id).toBe('github.com/o/r:src');
    });

    it('keeps just the file when the scope names one (a /blob/ URL)', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, app, util]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', scope: 'src/app.ts' });
      expect((await source.listFiles()).files.map((f) => f.path)).toEqual(['src/app.ts']);
    });
  });

  describe('skip rules', () => {
    it('leaves out secrets, vendored code, binaries, symlinks, submodules and big files, with a reason', async () => {
      const big = { ...file('data/big.json', '{}'), size: 2_000_000 };
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(
          200,
          treeBody([
            app,
            file('.env', 'TOKEN=abc\n'),
            file('config/prod.pem', 'key'),
            file('node_modules/x/index.js', 'x'),
            file('assets/logo.png', 'png'),
            file('package-lock.json', '{}'),
            file('link-to-app.ts', 'src/app.ts', '120000'),
            { path: 'libs/sub', mode: '160000', type: 'commit', sha: 'd'.repeat(40) },
            big,
          ]),
        );
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });

      const listing = await source.listFiles();

      expect(listing.files.map((f) => f.path)).toEqual(['src/app.ts']);
      expect(listing.skipped).toEqual([
        { path: '.env', reason: 'secret' },
        { path: 'assets/logo.png', reason: 'binary' },
        { path: 'config/prod.pem', reason: 'secret' },
        { path: 'data/big.json', reason: 'too-large' },
        { path: 'libs/sub', reason: 'vendored' },
        { path: 'link-to-app.ts', reason: 'symlink' },
        { path: 'node_modules/x/index.js', reason: 'vendored' },
        { path: 'package-lock.json', reason: 'generated' },
      ]);
      // nothing but metadata and the tree was fetched: no blob of a skipped file
      expect(source.bytesByKind.blob).toBe(0);
    });

    it('never fetches a .env, even when asked for it by name', async () => {
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });
      await expect(source.readFile('.env')).rejects.toMatchObject({ code: 'file-refused' });
      await expect(source.readFile('deploy/.env.production')).rejects.toMatchObject({ code: 'file-refused' });
      expect(source.bytesFetched).toBe(0);
    });

    it('applies maxFileBytes from the options', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([readme, app]));
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', maxFileBytes: 10 });
      const listing = await source.listFiles();
      expect(listing.files.map((f) => f.path)).toEqual(['README.md']);
      expect(listing.skipped).toEqual([{ path: 'src/app.ts', reason: 'too-large' }]);
    });
  });
});
