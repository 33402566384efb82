import { describe, expect, it } from 'vitest';
import { readRepoConfig } from '../../src/github/read-repo-config.js';
import { github, makeOctokit } from './github-nock.js';

/** Octokit sends the `{path}` of the contents route with its slashes encoded. */
const contents = (path: string) => `/repos/o/r/contents/${encodeURIComponent(path)}`;

function fileBody(path: string, text: string): Record<string, unknown> {
  return {
    type: 'file',
    name: path.split('/').at(-1),
    path,
    sha: 'a'.repeat(40),
    size: text.length,
    encoding: 'base64',
    content: Buffer.from(text).toString('base64'),
  };
}

describe('readRepoConfig', () => {
  it('reads .github/nanodex.yml from the default branch', async () => {
    github()
      .get(contents('.github/nanodex.yml'))
      .query({ ref: 'main' })
      .reply(200, fileBody('.github/nanodex.yml', 'review:\n  drafts: true\n'));

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

    expect(parsed.ok && parsed.config.review.drafts).toBe(true);
  });

  it('reads another file when one is named, and names it in the problems', async () => {
    github().get(contents('config/bot.yml')).query({ ref: 'main' }).reply(200, fileBody('config/bot.yml', 'review:\n  auto: maybe\n'));

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main', file: 'config/bot.yml' });

    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain('review.auto');
  });

  it('means the defaults when the default branch has no such file', async () => {
    github().get(contents('.github/nanodex.yml')).query({ ref: 'main' }).reply(404, { message: 'Not Found' });

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

    expect(parsed.ok && parsed.config.review.auto).toBe(true);
  });

  describe('when the file is over the size limit', () => {
    it('reports one GitHub sends without content (over 1 MB, encoding "none") as too large, never as the defaults', async () => {
      github()
        .get(contents('.github/nanodex.yml'))
        .query({ ref: 'main' })
        .reply(200, { ...fileBody('.github/nanodex.yml', ''), size: 1_500_000, encoding: 'none', content: '' });

      const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

      expect(parsed).toEqual({
        ok: false,
        problems: [
          {
            path: '',
            message:
              '.github/nanodex.yml on main is 1,500,000 bytes, over the 32,768-byte (32 KB) limit for a settings file, so none of it was read',
            fix: 'keep only the settings you change: every one has a default, and all of them written out come to under 1 KB (schema/nanodex.schema.json lists them)',
          },
        ],
      });
    });

    it('reports one GitHub did send (over 32 KB, under 1 MB) the same way, without parsing it', async () => {
      const big = `review:\n  auto: true\n# ${'x'.repeat(70_000)}\n`;
      github().get(contents('.github/nanodex.yml')).query({ ref: 'main' }).reply(200, fileBody('.github/nanodex.yml', big));

      const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

      expect(parsed.ok).toBe(false);
      expect(JSON.stringify(parsed)).toContain('.github/nanodex.yml on main is 70,024 bytes, over the 32,768-byte (32 KB) limit');
    });
  });
});
