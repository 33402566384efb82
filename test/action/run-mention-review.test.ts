import { describe, expect, it } from 'vitest';
import type { IssueCommentPayload } from '../../src/action/read-action-event.js';
import { examplePayload, runAction } from './action-harness.js';
import { CONTENTS, githubWithDiff, prCheckout, pullRequestPayload } from './pull-request-fixture.js';

const PR = pullRequestPayload().pull_request;
const REACTIONS = 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions';

/** A comment on the pull request of pull-request-fixture (the recorded comment was on an issue: it gains `pull_request`). */
function commentOnPullRequest(body: string): IssueCommentPayload {
  return examplePayload<IssueCommentPayload>('issue_comment', 'created', (payload) => {
    payload.comment.body = body;
    payload.issue.number = PR.number;
    payload.issue.pull_request = { url: PR.url, html_url: PR.html_url, diff_url: PR.diff_url, patch_url: PR.patch_url };
  });
}

describe("run (the Action) on `@nanodex review` in a pull request's comments", () => {
  it("runs the pull request's review and answers the mention with a pointer to it", async () => {
    const payload = commentOnPullRequest('@nanodex review');
    const action = await runAction({ event: 'issue_comment', payload, github: githubWithDiff() });

    expect(action.failed).toBe(false);
    const { github } = action;
    expect(github.callsTo('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toHaveLength(2); // the pull request, then its diff
    const summary = github.comments.find((c) => c.body.includes(`<!-- nanodex:sticky:review-${PR.number} -->`));
    expect(summary?.body).toContain(PR.head.sha);
    const reply = github.comments.find((c) => c.body.includes(`<!-- nanodex:sticky:mention-${payload.comment.id} -->`));
    // Offline, this change draws no inline comment: the review is its summary comment, and the reply links there.
    expect(reply?.body).toBe(`<!-- nanodex:sticky:mention-${payload.comment.id} -->\nReview posted: ${summary?.html_url}`);
    expect(github.callsTo(REACTIONS).map((c) => (c.body as { content: string }).content)).toEqual(['eyes', 'rocket']);
    expect(action.outputs['comment-url']).toBe(reply?.html_url);
    expect(action.summary).toContain('Reviewed #2 for @Codertocat: reviewed.');
    expect(JSON.parse(action.outputs.metrics ?? '{}').run.command).toBe('review');
  });

  it('shares the review state with automatic reviews: a head already reviewed is not reviewed again', async () => {
    const github = githubWithDiff();
    await runAction({ event: 'pull_request', payload: pullRequestPayload(), workspace: prCheckout(), github });
    const mention = await runAction({ event: 'issue_comment', payload: commentOnPullRequest('@nanodex review'), github });

    expect(mention.failed).toBe(false);
    expect(mention.cache.restores).toEqual([]);
    expect(github.comments.filter((c) => c.body.includes('nanodex:sticky:review-'))).toHaveLength(1);
    expect(github.comments.at(-1)?.body).toContain(`This pull request is already reviewed up to \`${PR.head.sha.slice(0, 12)}\``);
  });

  it('reads the config and the skills from the default branch, not from the checkout', async () => {
    const action = await runAction({ event: 'issue_comment', payload: commentOnPullRequest('@nanodex review'), github: githubWithDiff() });

    expect(action.github.callsTo(CONTENTS).map((c) => c.query.ref)).toEqual(['master', 'master']);
  });

  it('reads the config from the checkout for a comment on an issue, whose checkout a writer chose', async () => {
    const payload = examplePayload<IssueCommentPayload>('issue_comment', 'created', (p) => {
      p.comment.body = '@nanodex find greet';
    });
    const action = await runAction({ event: 'issue_comment', payload });

    expect(action.failed).toBe(false);
    expect(action.github.callsTo(CONTENTS)).toEqual([]);
  });

  it("says in the mention's reply when the pull request cannot be read, and fails the step", async () => {
    const github = githubWithDiff();
    github.pulls.clear();
    const payload = commentOnPullRequest('@nanodex review');
    const action = await runAction({ event: 'issue_comment', payload, github });

    expect(action.failed).toBe(true);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toMatch(/nanodex could not finish: .*\(reference `\w+`\)/);
    expect(github.comments[0]?.body).not.toContain('⏳');
  });
});

describe('run (the Action) when a mention fails after "working" was posted', () => {
  it('turns the working comment into the failure with a reference id, and fails the step', async () => {
    const payload = examplePayload<IssueCommentPayload>('issue_comment', 'created', (p) => {
      p.comment.body = '@nanodex explain how greet works';
    });
    // No checkout where the workflow said: the config falls back to defaults, then opening the index fails.
    const action = await runAction({ event: 'issue_comment', payload, workspace: '/nonexistent/nanodex-checkout' });
    const reply = action.github.comments.find((c) => c.body.includes(`<!-- nanodex:sticky:mention-${payload.comment.id} -->`));
    expect(action.failed).toBe(true);
    expect(reply?.body).toMatch(/nanodex could not finish: [\s\S]*\(reference `?[0-9a-f]{8}`?\)/);
    expect(reply?.body).not.toMatch(/working on/i);
    expect(action.github.callsTo(REACTIONS).map((c) => (c.body as { content: string }).content)).toEqual(['eyes', 'confused']);
  });
});
