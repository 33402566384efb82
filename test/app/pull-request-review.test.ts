import { describe, expect, it } from 'vitest';
import { readFingerprint } from '../../src/core/review/review-state.js';
import { createHarness, expectNoUnknownCalls, mentionPayload, pullRequestPayload, type Harness } from './app-harness.js';

const PR = 2; // the number in GitHub's recorded pull_request.opened example

/** A change to the sample repository's server with two risky lines (an empty catch, a TODO). */
const DIFF = [
  'diff --git a/src/server.ts b/src/server.ts',
  '--- a/src/server.ts',
  '+++ b/src/server.ts',
  '@@ -3,5 +3,9 @@',
  ' export class Server {',
  '   handle(raw: string): Request {',
  '-    return parseHttpRequest(raw);',
  '+    try {',
  '+      return parseHttpRequest(raw);',
  '+    } catch {}',
  '+    // TODO: log the failure',
  '+    return parseHttpRequest(raw);',
  '   }',
  ' }',
  '',
].join('\n');

function openPullRequest(app: Harness, options: { diff?: string } = {}) {
  app.github.pulls.set(PR, { base: 'a'.repeat(40), head: 'b'.repeat(40), title: 'Retry parsing', body: '', diff: options.diff ?? DIFF });
}

function reviewSummary(app: Harness): string {
  return app.github.thread(PR).find((c) => c.body.includes('nanodex:sticky:review-2'))?.body ?? '';
}

describe('automatic pull request review', () => {
  describe('when a pull request is opened', () => {
    it('posts a COMMENT review with inline comments and a summary that records the reviewed sha', async () => {
      const app = await createHarness();
      openPullRequest(app);

      await app.receive('pull_request', pullRequestPayload('opened'));

      expect(app.github.reviews).toHaveLength(1);
      expect(app.github.reviews[0]?.event).toBe('COMMENT');
      const comments = app.github.reviews[0]?.comments as { path: string; line: number; body: string }[];
      expect(comments.length).toBeGreaterThan(0);
      expect(comments.every((c) => c.path === 'src/server.ts' && readFingerprint(c.body) !== undefined)).toBe(true);
      expect(reviewSummary(app)).toContain('nanodex:review-state');
      expect(reviewSummary(app)).toContain('b'.repeat(40));
      expectNoUnknownCalls(app.github);
    });
  });

  describe('when new commits are pushed (synchronize)', () => {
    it('reviews only the commits since the last reviewed sha and never repeats a finding', async () => {
      const app = await createHarness();
      openPullRequest(app);
      await app.receive('pull_request', pullRequestPayload('opened'));
      const first = app.github.reviews.length;
      // The compare diff still shows the same lines (nothing was fixed): nothing new to say inline.
      app.github.compareDiff = DIFF;

      await app.receive('pull_request', pullRequestPayload('synchronize', { head: 'c'.repeat(40) }));

      expect(app.github.sent.some((r) => r.method === 'GET' && r.path.includes(`/compare/${'b'.repeat(40)}...${'c'.repeat(40)}`))).toBe(
        true,
      );
      expect(app.github.reviews).toHaveLength(first);
      expect(reviewSummary(app)).toContain('c'.repeat(40));
      expect(reviewSummary(app)).toMatch(/already raised/);
    });

    it('does nothing for a head sha already reviewed (a redelivered or repeated event)', async () => {
      const app = await createHarness();
      openPullRequest(app);
      await app.receive('pull_request', pullRequestPayload('opened'));
      const calls = app.github.sent.length;

      await app.receive('pull_request', pullRequestPayload('reopened'));

      const writes = app.github.sent.slice(calls).filter((r) => r.method !== 'GET' && !r.path.includes('access_tokens'));
      expect(writes).toEqual([]);
    });
  });

  describe("when a finding's thread was resolved on this pull request", () => {
    it('is not raised again, even on a fresh review', async () => {
      const app = await createHarness();
      openPullRequest(app);
      await app.receive('pull_request', pullRequestPayload('opened'));
      const raised = app.github.reviews[0]?.comments as { body: string }[];
      // A second App instance (no review state) on a PR whose threads were all resolved by people.
      const again = await createHarness();
      openPullRequest(again);
      again.github.reviewThreads = raised.map((c) => ({
        isResolved: true,
        comments: { nodes: [{ body: c.body, author: { login: 'nanodex' }, reactionGroups: [] }] },
      }));

      await again.receive('pull_request', pullRequestPayload('opened'));

      expect(again.github.reviews).toEqual([]);
    });
  });

  describe('when GitHub rejects an inline comment (422)', () => {
    it('moves that comment into the review body and still posts the others', async () => {
      const app = await createHarness();
      openPullRequest(app);
      app.github.failNext('POST', new RegExp(`/pulls/${PR}/reviews$`), [
        422,
        { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] },
      ]);
      app.github.failNext('POST', new RegExp(`/pulls/${PR}/comments$`), [
        422,
        { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] },
      ]);

      await app.receive('pull_request', pullRequestPayload('opened'));

      const updates = app.github.bodies('PUT', new RegExp(`/pulls/${PR}/reviews/\\d+$`)) as { body: string }[];
      expect(updates.at(-1)?.body).toMatch(/Could not be placed inline/i);
      expect(app.github.bodies('POST', new RegExp(`/pulls/${PR}/comments$`)).length).toBeGreaterThan(0);
    });
  });

  describe('what the repository config decides', () => {
    it('skips drafts unless review.drafts is on', async () => {
      const app = await createHarness();
      openPullRequest(app);
      await app.receive('pull_request', pullRequestPayload('opened', { draft: true }));
      expect(app.github.reviews).toEqual([]);

      app.github.configText = 'review:\n  drafts: true\n';
      await app.receive('pull_request', pullRequestPayload('opened', { draft: true }));
      expect(app.github.reviews).toHaveLength(1);
    });

    it('does not review when review.auto is off, and leaves out paths the filters exclude', async () => {
      const app = await createHarness();
      openPullRequest(app);
      app.github.configText = 'review:\n  auto: false\n';
      await app.receive('pull_request', pullRequestPayload('opened'));
      expect(app.github.sent.filter((r) => r.method !== 'GET' && !r.path.includes('access_tokens'))).toEqual([]);

      app.github.configText = 'review:\n  exclude: ["src/**"]\n';
      await app.receive('pull_request', pullRequestPayload('opened'));
      expect(app.github.reviews).toEqual([]);
      expect(reviewSummary(app)).toMatch(/did not review/);
    });
  });

  describe('when a maintainer asks `@nanodex review` on the pull request', () => {
    it("runs the same review and points the mention's reply at it", async () => {
      const app = await createHarness();
      app.github.pulls.set(1, { base: 'a'.repeat(40), head: 'b'.repeat(40), title: 'Retry parsing', body: '', diff: DIFF });
      app.github.permissions.set('Codertocat', 'admin');

      await app.receive('issue_comment', mentionPayload('@nanodex review', { onPullRequest: true }));

      expect(app.github.reviews).toHaveLength(1);
      const reply = app.github.thread(1).find((c) => c.body.includes('nanodex:sticky:mention-'))?.body;
      expect(reply).toMatch(/Review posted: https:\/\/github.com\/x\/pull\/1#pullrequestreview-\d+/);
    });
  });
});
