import { describe, expect, it } from 'vitest';
import { describeError, NanodexError } from '../../src/core/errors.js';
import { findStickyComment, markerFor, upsertStickyComment } from '../../src/github/sticky-comment.js';
import { checkRequestBody } from './check-request-body.js';
import { github, makeOctokit, TOKEN } from './github-nock.js';

const TARGET = { owner: 'o', repo: 'r', issueNumber: 5 };
const MARKER = '<!-- nanodex:sticky:req-1 -->';
const bot = { login: 'nanodex[bot]', type: 'Bot' };
const person = { login: 'mallory', type: 'User' };

function comment(id: number, body: string, user = bot) {
  return { id, body, user, html_url: `https://github.com/o/r/issues/5#issuecomment-${id}` };
}

describe('markerFor', () => {
  it('is a hidden HTML comment naming the key', () => {
    expect(markerFor('req-1')).toBe(MARKER);
  });

  it('refuses a key that could end the HTML comment', () => {
    expect(() => markerFor('a-->b')).toThrow(NanodexError);
  });
});

describe('upsertStickyComment', () => {
  describe('when the issue has no sticky comment for the key', () => {
    it('creates one that starts with the marker', async () => {
      github()
        .get('/repos/o/r/issues/5/comments')
        .query({ per_page: 100 })
        .reply(200, [comment(1, '<!-- nanodex:sticky:other -->\nold'), comment(2, 'hello', person)])
        .post('/repos/o/r/issues/5/comments', (body) => {
          checkRequestBody('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', body);
          return body.body === `${MARKER}\n⏳ working`;
        })
        .reply(201, comment(3, `${MARKER}\n⏳ working`));
      await expect(upsertStickyComment(makeOctokit(), TARGET, 'req-1', '⏳ working')).resolves.toEqual({
        id: 3,
        url: 'https://github.com/o/r/issues/5#issuecomment-3',
      });
    });
  });

  describe('when nanodex already posted it, on a later page', () => {
    it('updates it in place', async () => {
      github()
        .get('/repos/o/r/issues/5/comments')
        .query({ per_page: 100 })
        .reply(200, [comment(1, 'first')], {
          link: '<https://api.github.com/repositories/9/issues/5/comments?per_page=100&page=2>; rel="next"',
        })
        .get('/repositories/9/issues/5/comments')
        .query({ per_page: 100, page: 2 })
        .reply(200, [comment(7, `${MARKER}\n⏳ working`)])
        .patch('/repos/o/r/issues/comments/7', (body) => {
          checkRequestBody('PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}', body);
          return body.body === `${MARKER}\ndone`;
        })
        .reply(200, comment(7, `${MARKER}\ndone`));
      await expect(upsertStickyComment(makeOctokit(), TARGET, 'req-1', 'done')).resolves.toEqual({
        id: 7,
        url: expect.stringContaining('7'),
      });
    });
  });

  describe('when a person pasted the marker into their own comment', () => {
    it("leaves their comment alone and creates nanodex's own", async () => {
      github()
        .get('/repos/o/r/issues/5/comments')
        .query({ per_page: 100 })
        .reply(200, [comment(4, `${MARKER}\nmine`, person), comment(5, `${MARKER}\nother bot`, { login: 'other[bot]', type: 'Bot' })])
        .post('/repos/o/r/issues/5/comments')
        .reply(201, comment(6, `${MARKER}\ndone`));
      await expect(upsertStickyComment(makeOctokit(), TARGET, 'req-1', 'done', { selfLogin: 'nanodex[bot]' })).resolves.toMatchObject({
        id: 6,
      });
    });
  });

  describe("when the body is over GitHub's limit", () => {
    it('refuses before sending anything', async () => {
      await expect(upsertStickyComment(makeOctokit(), TARGET, 'req-1', 'x'.repeat(65_536))).rejects.toMatchObject({
        code: 'comment-too-long',
      });
    });
  });

  describe('when the token may not write comments', () => {
    it('says which permission is missing, without the token', async () => {
      github()
        .get('/repos/o/r/issues/5/comments')
        .query({ per_page: 100 })
        .reply(200, [])
        .post('/repos/o/r/issues/5/comments')
        .reply(403, { message: 'Resource not accessible by integration' });
      const error = await upsertStickyComment(makeOctokit(), TARGET, 'req-1', 'done').catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining("posting nanodex's comment on o/r#5"),
        hint: expect.stringContaining('issues: write'),
      });
      expect(describeError(error)).not.toContain(TOKEN);
    });
  });
});

describe('when GitHub rate-limits the request', () => {
  it('says when it resets', async () => {
    github()
      .get('/repos/o/r/issues/5/comments')
      .query({ per_page: 100 })
      .reply(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' });
    await expect(upsertStickyComment(makeOctokit(), TARGET, 'req-1', 'done')).rejects.toMatchObject({
      code: 'rate-limited',
      resetAt: new Date(1_700_000_000_000),
      message: expect.stringContaining('while reading the comments of o/r#5'),
    });
  });
});

describe('findStickyComment', () => {
  it('returns the body without the marker', async () => {
    github()
      .get('/repos/o/r/issues/5/comments')
      .query({ per_page: 100 })
      .reply(200, [comment(7, `${MARKER}\nthe summary`)]);
    await expect(findStickyComment(makeOctokit(), TARGET, 'req-1')).resolves.toEqual({
      id: 7,
      url: expect.any(String),
      body: 'the summary',
    });
  });
});
