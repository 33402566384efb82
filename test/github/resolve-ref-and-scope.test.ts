import { describe, expect, it } from 'vitest';
import { GitHubRepoSource } from '../../src/github/github-repo-source.js';
import { parseGitHubUrl } from '../../src/github/parse-github-url.js';
import { HEAD_SHA, file, github, makeOctokit, mockMetadata, treeBody } from './github-nock.js';

function sourceFor(url: string): GitHubRepoSource {
  const parsed = parseGitHubUrl(url);
  if (!parsed) throw new Error(`not a repository URL: ${url}`);
  return new GitHubRepoSource(makeOctokit(), parsed);
}

function mockRefs(heads: string[], tags: string[] = []): ReturnType<typeof github> {
  const scope = github();
  const first = heads[0]?.split('/')[0] ?? 'feature';
  scope.get(`/repos/o/r/git/matching-refs/heads/${first}`).reply(
    200,
    heads.map((h) => ({ ref: `refs/heads/${h}` })),
  );
  scope.get(`/repos/o/r/git/matching-refs/tags/${first}`).reply(
    200,
    tags.map((t) => ({ ref: `refs/tags/${t}` })),
  );
  return scope;
}

describe('GitHubRepoSource.resolveRefAndScope', () => {
  describe('when the branch name has a slash', () => {
    it('moves the split to the longest branch that matches, then lists that branch', async () => {
      mockRefs(['feature', 'feature/login', 'feature-x', 'feature/login-old']);
      const source = sourceFor('https://github.com/o/r/tree/feature/login/src');
      expect(source.currentRef).toEqual({ ref: 'feature', scope: 'login/src' });

      expect(await source.resolveRefAndScope()).toEqual({ ref: 'feature/login', scope: 'src' });

      // the slash stays a slash in the commits URL
      mockMetadata(github(), { ref: 'feature/login' })
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([file('src/a.ts', 'a'), file('login/src/b.ts', 'b')]));
      expect((await source.listFiles()).files.map((f) => f.path)).toEqual(['src/a.ts']);
      expect(source.bytesByKind.refs).toBeGreaterThan(0);
    });

    it('drops the scope when the whole path is the branch', async () => {
      mockRefs(['feature/login/src']);
      const source = sourceFor('https://github.com/o/r/tree/feature/login/src');
      expect(await source.resolveRefAndScope()).toEqual({ ref: 'feature/login/src', scope: undefined });
      expect(source.id).toBe('github.com/o/r');
    });
  });

  describe('when no longer branch matches', () => {
    it('keeps the first segment as the ref', async () => {
      mockRefs(['feature', 'feature-x']);
      const source = sourceFor('https://github.com/o/r/tree/feature/login/src');
      expect(await source.resolveRefAndScope()).toEqual({ ref: 'feature', scope: 'login/src' });
    });

    it('finds a tag with a slash too', async () => {
      mockRefs(['release'], ['release/2.0']);
      const source = sourceFor('https://github.com/o/r/tree/release/2.0/docs');
      expect(await source.resolveRefAndScope()).toEqual({ ref: 'release/2.0', scope: 'docs' });
    });
  });

  it('asks nothing when there is no scope or the ref is a commit sha', async () => {
    const plain = sourceFor('https://github.com/o/r/tree/main');
    const pinned = sourceFor(`https://github.com/o/r/tree/${HEAD_SHA}/src`);
    expect(await plain.resolveRefAndScope()).toEqual({ ref: 'main', scope: undefined });
    expect(await pinned.resolveRefAndScope()).toEqual({ ref: HEAD_SHA, scope: 'src' });
    expect(plain.bytesFetched + pinned.bytesFetched).toBe(0);
  });
});
