import { describe, expect, it } from 'vitest';
import { appendMoved, postReview, type ReviewCommentInput } from '../../src/github/post-review.js';
import { checkRequestBody } from './check-request-body.js';
import { github, HEAD_SHA, makeOctokit } from './github-nock.js';

const TARGET = { owner: 'o', repo: 'r', pullNumber: 5, commitId: HEAD_SHA };
const REVIEWS = '/repos/{owner}/{repo}/pulls/{pull_number}/reviews';
const COMMENTS = '/repos/{owner}/{repo}/pulls/{pull_number}/comments';
const good: ReviewCommentInput = { path: 'src/a.ts', line: 12, startLine: 10, side: 'RIGHT', body: 'Check the bounds.' };
const offDiff: ReviewCommentInput = { path: 'src/b.ts', line: 99, side: 'RIGHT', body: 'Missing test.' };
const review = { id: 77, html_url: 'https://github.com/o/r/pull/5#pullrequestreview-77' };
const invalid = {
  message: 'Validation Failed',
  errors: [
    { resource: 'PullRequestReviewComment', field: 'pull_request_review_thread.line', code: 'custom', message: 'could not be resolved' },
  ],
};

describe('postReview', () => {
  describe('when GitHub accepts every comment', () => {
    it('posts one COMMENT review with all of them', async () => {
      github()
        .post('/repos/o/r/pulls/5/reviews', (body) => {
          checkRequestBody('POST', REVIEWS, body);
          expect(body).toEqual({
            commit_id: HEAD_SHA,
            body: 'Summary',
            event: 'COMMENT',
            comments: [{ path: 'src/a.ts', line: 12, start_line: 10, side: 'RIGHT', start_side: 'RIGHT', body: 'Check the bounds.' }],
          });
          return true;
        })
        .reply(200, review);
      await expect(postReview(makeOctokit(), TARGET, { body: 'Summary', comments: [good] })).resolves.toEqual({
        reviewId: 77,
        url: review.html_url,
        posted: [good],
        moved: [],
      });
    });
  });

  describe('when one comment is off the diff', () => {
    it('posts the others inline and moves it into the review body', async () => {
      let updated = '';
      github()
        .post('/repos/o/r/pulls/5/reviews', (body) => body.comments?.length === 2)
        .reply(422, invalid)
        .post('/repos/o/r/pulls/5/reviews', (body) => {
          checkRequestBody('POST', REVIEWS, body);
          return body.comments === undefined;
        })
        .reply(200, review)
        .post('/repos/o/r/pulls/5/comments', (body) => {
          checkRequestBody('POST', COMMENTS, body);
          return body.path === 'src/a.ts' && body.commit_id === HEAD_SHA && body.start_line === 10;
        })
        .reply(201, { id: 1 })
        .post('/repos/o/r/pulls/5/comments', (body) => body.path === 'src/b.ts')
        .reply(422, invalid)
        .put('/repos/o/r/pulls/5/reviews/77', (body) => {
          checkRequestBody('PUT', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', body);
          updated = body.body as string;
          return true;
        })
        .reply(200, review);
      const result = await postReview(makeOctokit(), TARGET, { body: 'Summary', comments: [good, offDiff] });
      expect(result).toEqual({
        reviewId: 77,
        url: review.html_url,
        posted: [good],
        moved: [{ comment: offDiff, reason: 'pull_request_review_thread.line could not be resolved' }],
      });
      expect(updated).toMatchInlineSnapshot(`
        "Summary

        ### Could not be placed inline

        GitHub did not accept 1 comment on its line, so it is here.

        **\`src/b.ts\` line 99** (pull\\_request\\_review\\_thread.line could not be resolved)

        Missing test."
      `);
    });
  });

  describe('when GitHub fails for another reason', () => {
    it('propagates the error and posts nothing more', async () => {
      github().post('/repos/o/r/pulls/5/reviews').reply(403, { message: 'Resource not accessible by integration' });
      await expect(postReview(makeOctokit(), TARGET, { body: 'Summary', comments: [good] })).rejects.toMatchObject({
        code: 'forbidden',
        hint: expect.stringContaining('pull-requests: write'),
      });
    });

    it('propagates a failure while posting comments one by one', async () => {
      github()
        .post('/repos/o/r/pulls/5/reviews')
        .reply(422, invalid)
        .post('/repos/o/r/pulls/5/reviews')
        .reply(200, review)
        .post('/repos/o/r/pulls/5/comments')
        .reply(500, { message: 'oops' });
      await expect(postReview(makeOctokit(), TARGET, { body: 'Summary', comments: [good, offDiff] })).rejects.toMatchObject({
        message: expect.stringContaining('posting the comment on src/a.ts:12 on o/r#5'),
      });
    });
  });
});

describe('appendMoved', () => {
  it('stays within the comment limit and counts what it leaves out', () => {
    const moved = Array.from({ length: 10 }, (_, i) => ({
      comment: { ...offDiff, line: i + 1, body: 'x'.repeat(300) },
      reason: 'off the diff',
    }));
    const body = appendMoved('Summary', moved, 1200);
    expect(body.length).toBeLessThanOrEqual(1200);
    expect(body).toMatch(/… and \d+ more comments, too long for one review\.$/);
  });
});
