import { describe, expect, it } from 'vitest';
import { describeError, NanodexError } from '../../src/core/errors.js';
import { GitHubRateLimitError } from '../../src/github/github-rate-limit-error.js';
import { GitHubRepoSource } from '../../src/github/github-repo-source.js';
import { HEAD_SHA, TOKEN, blobBody, file, github, makeOctokit, mockMetadata, treeBody } from './github-nock.js';

const NOW = Date.parse('2025-01-02T03:00:00Z');
const app = file('src/app.ts', 'export {};\n');

function newSource(): GitHubRepoSource {
  return new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', clock: { now: () => NOW } });
}

async function caught(promise: Promise<unknown>): Promise<NanodexError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NanodexError);
  return error as NanodexError;
}

function expectNoToken(error: NanodexError): void {
  expect(describeError(error)).not.toContain(TOKEN);
  expect(JSON.stringify({ message: error.message, hint: error.hint })).not.toContain(TOKEN);
}

describe('GitHub errors, translated once in the adapter', () => {
  describe('when the rate limit is exhausted (403, x-ratelimit-remaining 0)', () => {
    it('throws rate-limited with the reset time from x-ratelimit-reset and a hint', async () => {
      const reset = Date.parse('2025-01-02T03:17:00Z') / 1000;
      github()
        .matchHeader('authorization', `token ${TOKEN}`)
        .get('/repos/o/r')
        .reply(
          403,
          { message: 'API rate limit exceeded for installation ID 1.' },
          {
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
          },
        );

      const error = await caught(newSource().readMetadata());

      expect(error).toBeInstanceOf(GitHubRateLimitError);
      expect(error.code).toBe('rate-limited');
      expect((error as GitHubRateLimitError).resetAt?.toISOString()).toBe('2025-01-02T03:17:00.000Z');
      expect(error.message).toBe('GitHub rate limit hit (HTTP 403) while reading o/r; it resets at 2025-01-02T03:17:00.000Z');
      expect(error.hint).toMatch(/wait until the reset time, or authenticate with a token/);
      expect(error.cause).toBeDefined();
      expectNoToken(error);
    });

    it('treats a secondary rate limit (403 with retry-after) the same way', async () => {
      github().get('/repos/o/r').reply(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '60' });
      const error = await caught(newSource().readMetadata());
      expect(error.code).toBe('rate-limited');
      expect(error.message).toContain('it resets at 2025-01-02T03:01:00.000Z');
    });
  });

  describe('when GitHub answers 429', () => {
    it('throws rate-limited with the time from retry-after, also in the middle of reading a file', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([app]))
        .get(`/repos/o/r/git/blobs/${app.sha}`)
        .reply(429, { message: 'Too Many Requests' }, { 'retry-after': '30' });
      const source = newSource();

      const error = await caught(source.readFile('src/app.ts'));

      expect(error.code).toBe('rate-limited');
      expect(error.message).toBe(
        'GitHub rate limit hit (HTTP 429) while reading src/app.ts from o/r@(default branch); it resets at 2025-01-02T03:00:30.000Z',
      );
    });

    it('says so when GitHub gives no time', async () => {
      github().get('/repos/o/r').reply(429, { message: 'Too Many Requests' });
      expect((await caught(newSource().readMetadata())).message).toContain('GitHub did not say when it resets');
    });

    it('does not cache the failure: the next call asks again', async () => {
      github().get('/repos/o/r').reply(429, {}, { 'retry-after': '1' });
      mockMetadata(github());
      const source = newSource();
      await caught(source.readMetadata());
      await expect(source.readMetadata()).resolves.toMatchObject({ headSha: HEAD_SHA, defaultBranch: 'main' });
    });
  });

  describe('when the token is refused (401)', () => {
    it('throws unauthorized with a hint about the token, never the token', async () => {
      github().get('/repos/o/r').reply(401, { message: 'Bad credentials' });
      const error = await caught(newSource().readMetadata());
      expect(error.code).toBe('unauthorized');
      expect(error.message).toBe('GitHub refused the credentials (HTTP 401) while reading o/r');
      expect(error.hint).toMatch(/token/);
      expectNoToken(error);
    });
  });

  describe('other refusals', () => {
    it('throws forbidden for a 403 that is not a rate limit', async () => {
      github().get('/repos/o/r').reply(403, { message: 'Resource not accessible by integration' }, { 'x-ratelimit-remaining': '4999' });
      const error = await caught(newSource().readMetadata());
      expect(error.code).toBe('forbidden');
      expect(error.hint).toMatch(/contents: read/);
    });

    it('throws repo-not-found for a missing repository, with a hint about private repositories', async () => {
      github().get('/repos/o/r').reply(404, { message: 'Not Found' });
      const error = await caught(newSource().readMetadata());
      expect(error.code).toBe('repo-not-found');
      expect(error.hint).toMatch(/private repository/);
    });

    it('throws ref-not-found for a ref that does not exist', async () => {
      github()
        .get('/repos/o/r')
        .reply(200, { default_branch: 'main', description: null, language: null })
        .get('/repos/o/r/commits/nope')
        .reply(422, { message: 'No commit found for SHA: nope' });
      const source = new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r', ref: 'nope' });
      const error = await caught(source.readMetadata());
      expect(error.code).toBe('github-request-failed');
      expect(error.message).toContain('HTTP 422 while resolving ref nope of o/r');
    });

    it('throws github-unreachable when no answer comes back', async () => {
      // no interceptor: nock refuses the connection, as a dead network would
      const error = await caught(newSource().readMetadata());
      expect(error.code).toBe('github-unreachable');
      expectNoToken(error);
    });

    it('blanks credentials a lower layer echoes in its message', async () => {
      // nock's "no match" error prints the request, headers included
      github().get('/repos/other/repo').optionally().reply(200, {});
      const error = await caught(newSource().readMetadata());
      expect(error.message).toContain('No match for request');
      expectNoToken(error);
    });

    it('keeps a blob that GitHub answered with an unexpected shape out of the cache', async () => {
      mockMetadata(github())
        .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
        .query({ recursive: '1' })
        .reply(200, treeBody([app]))
        .get(`/repos/o/r/git/blobs/${app.sha}`)
        .reply(200, { unexpected: true })
        .get(`/repos/o/r/git/blobs/${app.sha}`)
        .reply(200, blobBody('export {};\n'));
      const source = newSource();
      expect((await caught(source.readFile('src/app.ts'))).code).toBe('github-request-failed');
      await expect(source.readFile('src/app.ts')).resolves.toBe('export {};\n');
    });
  });
});
