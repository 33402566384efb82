import { describe, expect, it } from 'vitest';
import { fence } from '../../src/core/render/markdown.js';
import { postReview } from '../../src/github/post-review.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { findLeaks } from '../helpers/find-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { github, HEAD_SHA, makeOctokit } from './github-nock.js';

const corpus = buildSecretCorpus();
const every = corpus.map((s) => s.inCode).join('\n');
const token = corpus.find((s) => s.name === 'GitHub token ghp_')!;

describe('what nanodex writes to GitHub', () => {
  it('a sticky comment leaves with its secrets redacted', async () => {
    let sent = '';
    github()
      .get('/repos/o/r/issues/5/comments')
      .query({ per_page: 100 })
      .reply(200, [])
      .post('/repos/o/r/issues/5/comments', (body) => {
        sent = body.body as string;
        return true;
      })
      .reply(201, { id: 3, body: '', html_url: 'https://github.com/o/r/issues/5#issuecomment-3' });
    await upsertStickyComment(makeOctokit(), { owner: 'o', repo: 'r', issueNumber: 5 }, 'req-1', `Found these:\n${fence(every)}`);
    expect(sent).toContain('Found these:');
    expect(findLeaks(sent, corpus)).toEqual([]);
  });

  it('a review leaves with its summary and comments redacted, and no suggestion that would commit the marker', async () => {
    let sent: { body?: string; comments?: { body: string }[] } = {};
    github()
      .post('/repos/o/r/pulls/5/reviews', (body) => {
        sent = body;
        return true;
      })
      .reply(200, { id: 77, html_url: 'https://github.com/o/r/pull/5#pullrequestreview-77' });
    const suggestion = `Keep it here.\n\n${fence(token.inCode, 'suggestion')}`;
    await postReview(
      makeOctokit(),
      { owner: 'o', repo: 'r', pullNumber: 5, commitId: HEAD_SHA },
      {
        body: `Summary:\n${every}`,
        comments: [
          { path: 'src/a.ts', line: 3, side: 'RIGHT', body: `${fence(token.inCode, 'ts')}\n\nLeaks a token.` },
          { path: 'src/a.ts', line: 4, side: 'RIGHT', body: suggestion },
        ],
      },
    );
    expect(findLeaks(JSON.stringify(sent), corpus)).toEqual([]);
    expect(sent.comments?.[1]?.body).not.toContain('```suggestion');
  });
});
