import { describe, expect, it } from 'vitest';
import { CHECKS_NOTICE } from '../../src/action/handle-pull-request.js';
import { runAction } from './action-harness.js';
import { githubWithDiff, prCheckout, pullRequestPayload } from './pull-request-fixture.js';

describe('run (the Action) on pull_request: the "nanodex review" check run', () => {
  it('posts one completed check run on the head, its details leading to the summary comment', async () => {
    const payload = pullRequestPayload();
    const action = await runAction({ event: 'pull_request', payload, workspace: prCheckout(), github: githubWithDiff() });

    expect(action.failed).toBe(false);
    const runs = action.github.checks.on(payload.pull_request.head.sha);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ name: 'nanodex review', status: 'completed', conclusion: 'success', output: { title: 'No findings' } });
    expect(runs[0]?.details_url).toBe(action.github.comments[0]?.html_url);
    expect(action.github.callsTo('POST /repos/{owner}/{repo}/check-runs')).toHaveLength(1);
  });

  it('posts none when review.checkRun is false in the default branch config', async () => {
    const github = githubWithDiff();
    github.files.set('.github/nanodex.yml', 'review:\n  checkRun: false\n');
    const action = await runAction({ event: 'pull_request', payload: pullRequestPayload(), workspace: prCheckout(), github });

    expect(action.failed).toBe(false);
    expect(github.checks.runs).toEqual([]);
    expect(github.calls.filter((c) => c.route.includes('check-runs'))).toEqual([]);
  });

  describe('when the workflow token lacks checks permission (HTTP 403)', () => {
    it('keeps the review, does not fail the step, and says how to grant it in the job summary', async () => {
      const github = githubWithDiff();
      github.checks.forbidden = true;
      const payload = pullRequestPayload();

      const action = await runAction({ event: 'pull_request', payload, workspace: prCheckout(), github });

      expect(action.failed).toBe(false);
      expect(action.summary).toMatch(/Review of #2 at \w+: reviewed\./);
      expect(action.summary).toContain(CHECKS_NOTICE);
      expect(github.comments[0]?.body).toContain('no check run: the token may not write checks (`checks: write`)');
    });
  });
});
