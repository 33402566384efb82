import { describe, expect, it } from 'vitest';
import { readSuppressedFindings } from '../../src/github/read-suppressed-findings.js';
import { markFingerprint } from '../../src/core/review/review-state.js';
import { github, makeOctokit } from './github-nock.js';

const FP = (n: number) => n.toString(16).padStart(16, '0');

function thread(options: { fp?: string; login?: string; resolved?: boolean; thumbsDown?: number }) {
  return {
    isResolved: options.resolved ?? false,
    comments: {
      nodes: [
        {
          body: options.fp === undefined ? 'a comment' : markFingerprint('Finding', options.fp),
          author: { login: options.login ?? 'nanodex' },
          reactionGroups: [
            { content: 'THUMBS_UP', reactors: { totalCount: 2 } },
            { content: 'THUMBS_DOWN', reactors: { totalCount: options.thumbsDown ?? 0 } },
          ],
        },
      ],
    },
  };
}

function page(nodes: unknown[], endCursor: string | null = null) {
  return { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: endCursor !== null, endCursor }, nodes } } } } };
}

describe('readSuppressedFindings', () => {
  it("returns nanodex's findings that were resolved or got a thumbs down, across pages", async () => {
    const variables: unknown[] = [];
    github()
      .post('/graphql', (body) => {
        variables.push(body.variables);
        return true;
      })
      .reply(
        200,
        page(
          [
            thread({ fp: FP(1), resolved: true }),
            thread({ fp: FP(2), thumbsDown: 1 }),
            thread({ fp: FP(3) }),
            thread({ fp: FP(4), resolved: true, login: 'alice' }),
            thread({ resolved: true }),
          ],
          'cursor-1',
        ),
      )
      .post('/graphql', (body) => {
        variables.push(body.variables);
        return true;
      })
      .reply(200, page([thread({ fp: FP(5), resolved: true })]));
    const found = await readSuppressedFindings(makeOctokit(), { owner: 'o', repo: 'r', pullNumber: 5, selfLogin: 'nanodex[bot]' });
    expect([...found]).toEqual([FP(1), FP(2), FP(5)]);
    expect(variables).toEqual([
      { owner: 'o', repo: 'r', number: 5, first: 100, after: null },
      { owner: 'o', repo: 'r', number: 5, first: 100, after: 'cursor-1' },
    ]);
  });

  it('reports a GraphQL failure with what it was doing', async () => {
    github().post('/graphql').reply(502, { message: 'Bad gateway' });
    await expect(
      readSuppressedFindings(makeOctokit(), { owner: 'o', repo: 'r', pullNumber: 5, selfLogin: 'nanodex[bot]' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('reading the review threads of o/r#5') });
  });
});
