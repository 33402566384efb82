import { describe, expect, it } from 'vitest';
import { readRepoConfig } from '../../src/github/read-repo-config.js';
import { github, makeOctokit } from './github-nock.js';

/** Octokit sends the `{path}` of the contents route with its slashes encoded. */
const contents = (path: string) => `/repos/o/r/contents/${encodeURIComponent(path)}`;

function fileBody(path: string, text: string): Record<string, unknown> {
  return { type: 'file', name: path.split('/').at(-1), path, sha: 'a'.repeat(40), size: text.length, encoding: 'base64', content: Buffer.from(text).toString('base64') };
}

describe('readRepoConfig', () => {
  it('reads .github/nanodex.yml from the default branch', async () => {
    github().get(contents('.github/nanodex.yml')).query({ ref: 'main' })
      .reply(200, fileBody('.github/nanodex.yml', 'review:\n  drafts: true\n'));

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

    expect(parsed.ok && parsed.config.review.drafts).toBe(true);
  });

  it('reads another file when one is named, and names it in the problems', async () => {
    github().get(contents('config/bot.yml')).query({ ref: 'main' })
      .reply(200, fileBody('config/bot.yml', 'review:\n  auto: maybe\n'));

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main', file: 'config/bot.yml' });

    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain('review.auto');
  });

  it('means the defaults when the default branch has no such file', async () => {
    github().get(contents('.github/nanodex.yml')).query({ ref: 'main' }).reply(404, { message: 'Not Found' });

    const parsed = await readRepoConfig(makeOctokit(), { owner: 'o', repo: 'r', defaultBranch: 'main' });

    expect(parsed.ok && parsed.config.review.auto).toBe(true);
  });
});
