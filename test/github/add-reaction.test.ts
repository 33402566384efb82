import { describe, expect, it } from 'vitest';
import { addReaction } from '../../src/github/add-reaction.js';
import { checkRequestBody } from './check-request-body.js';
import { github, makeOctokit } from './github-nock.js';

describe('addReaction', () => {
  it('reacts to a conversation comment', async () => {
    github()
      .post('/repos/o/r/issues/comments/11/reactions', (body) => {
        checkRequestBody('POST', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', body);
        return body.content === 'eyes';
      })
      .reply(201, { id: 1, content: 'eyes' });
    await expect(addReaction(makeOctokit(), { owner: 'o', repo: 'r', commentId: 11, kind: 'issue' }, 'eyes')).resolves.toBe(true);
  });

  it('reacts to an inline review comment', async () => {
    github()
      .post('/repos/o/r/pulls/comments/12/reactions', (body) => {
        checkRequestBody('POST', '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions', body);
        return body.content === '+1';
      })
      .reply(201, { id: 2, content: '+1' });
    await expect(addReaction(makeOctokit(), { owner: 'o', repo: 'r', commentId: 12, kind: 'review' }, '+1')).resolves.toBe(true);
  });

  describe('when GitHub refuses', () => {
    it('logs it and returns false instead of throwing', async () => {
      const warnings: unknown[] = [];
      const logger = {
        debug() {},
        info() {},
        error() {},
        warn: (message: string, fields?: object) => warnings.push({ message, ...fields }),
      };
      github().post('/repos/o/r/issues/comments/11/reactions').reply(403, { message: 'Resource not accessible by integration' });
      await expect(addReaction(makeOctokit(), { owner: 'o', repo: 'r', commentId: 11, kind: 'issue' }, 'rocket', { logger })).resolves.toBe(
        false,
      );
      expect(warnings).toEqual([{ message: 'could not add a reaction', repo: 'o/r', commentId: 11, content: 'rocket', status: 403 }]);
    });
  });
});
