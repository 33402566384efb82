import { describe, expect, it } from 'vitest';
import { readCompareDiff, readPullRequestDiff } from '../../src/github/read-diff.js';
import { github, makeOctokit } from './github-nock.js';

const DIFF = 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new\n';
const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);

describe('readPullRequestDiff', () => {
  it('asks for the diff media type and returns the text', async () => {
    github()
      .get('/repos/o/r/pulls/5')
      .matchHeader('accept', 'application/vnd.github.diff')
      .reply(200, DIFF, { 'content-type': 'text/plain; charset=utf-8' });
    await expect(readPullRequestDiff(makeOctokit(), { owner: 'o', repo: 'r', pullNumber: 5 })).resolves.toBe(DIFF);
  });

  describe("when the diff is over GitHub's limit", () => {
    it('says so and how to get a review', async () => {
      github().get('/repos/o/r/pulls/5').reply(406, { message: 'Sorry, the diff exceeded the maximum number of lines (20000)' });
      await expect(readPullRequestDiff(makeOctokit(), { owner: 'o', repo: 'r', pullNumber: 5 })).rejects.toMatchObject({
        code: 'diff-too-large',
        hint: expect.stringContaining('smaller pull requests'),
      });
    });
  });
});

describe('readCompareDiff', () => {
  it('compares base...head', async () => {
    github()
      .get(`/repos/o/r/compare/${BASE}...${HEAD}`)
      .matchHeader('accept', 'application/vnd.github.diff')
      .reply(200, DIFF, { 'content-type': 'text/plain; charset=utf-8' });
    await expect(readCompareDiff(makeOctokit(), { owner: 'o', repo: 'r', base: BASE, head: HEAD })).resolves.toBe(DIFF);
  });

  it('turns a vanished commit (a force push) into ref-not-found', async () => {
    github().get(`/repos/o/r/compare/${BASE}...${HEAD}`).reply(404, { message: 'Not Found' });
    await expect(readCompareDiff(makeOctokit(), { owner: 'o', repo: 'r', base: BASE, head: HEAD })).rejects.toMatchObject({
      code: 'ref-not-found',
    });
  });
});
