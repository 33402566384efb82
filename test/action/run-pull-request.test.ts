import { describe, expect, it } from 'vitest';
import { FORK_NOTICE } from '../../src/action/handle-pull-request.js';
import type { PullRequestPayload } from '../../src/action/read-action-event.js';
import { examplePayload, runAction } from './action-harness.js';
import { CONTENTS, githubWithDiff, prCheckout, pullRequestPayload } from './pull-request-fixture.js';

describe('run (the Action) on pull_request', () => {
  it('reviews the change through the shared flow and records the reviewed head in the sticky summary', async () => {
    const payload = pullRequestPayload();
    const action = await runAction({ event: 'pull_request', payload, workspace: prCheckout(), github: githubWithDiff() });

    expect(action.failed).toBe(false);
    const { github } = action;
    expect(github.callsTo('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain(`<!-- nanodex:sticky:review-${payload.pull_request.number} -->`);
    expect(github.comments[0]?.body).toContain(payload.pull_request.head.sha);
    expect(action.summary).toMatch(
      new RegExp(`Review of #${payload.pull_request.number} at ${payload.pull_request.head.sha.slice(0, 7)}: (reviewed|skipped)\\.`),
    );
    expect(action.outputs['comment-url']).toMatch(/^https:\/\/github\.com\/Codertocat\/Hello-World\/(pull|issues)\/2#/);
    expect(JSON.parse(action.outputs.metrics ?? '{}').run.command).toBe('review');
  });

  it('does not review the same head twice, and opens no index for it', async () => {
    const github = githubWithDiff();
    const workspace = prCheckout();
    await runAction({ event: 'pull_request', payload: pullRequestPayload(), workspace, github });
    const second = await runAction({
      event: 'pull_request',
      payload: pullRequestPayload((p) => {
        p.action = 'synchronize';
      }),
      workspace,
      github,
    });

    expect(second.summary).toContain(': up-to-date.');
    expect(second.cache.restores).toEqual([]);
    expect(github.callsTo('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toHaveLength(1);
  });

  it('leaves drafts alone unless the config asks for them, reading nothing but the config', async () => {
    const action = await runAction({
      event: 'pull_request',
      payload: pullRequestPayload((p) => {
        p.pull_request.draft = true;
      }),
    });

    expect(action.github.calls.map((c) => c.route)).toEqual([CONTENTS]);
    expect(action.summary).toContain('is a draft');
  });

  it("reviews a draft when the default branch's config asks for drafts", async () => {
    const github = githubWithDiff();
    github.files.set('.github/nanodex.yml', 'review:\n  drafts: true\n');
    const action = await runAction({
      event: 'pull_request',
      payload: pullRequestPayload((p) => {
        p.pull_request.draft = true;
      }),
      workspace: prCheckout(),
      github,
    });

    expect(action.failed).toBe(false);
    expect(action.summary).toMatch(/Review of #2 at \w+: (reviewed|skipped)\./);
  });

  it('ignores a pull request that was only labeled', async () => {
    const payload = examplePayload<PullRequestPayload>('pull_request', 'labeled');
    const action = await runAction({ event: 'pull_request', payload });

    expect(action.github.calls.map((c) => c.route)).toEqual([CONTENTS]);
    expect(action.summary).toContain('was labeled; nothing new to review.');
  });

  it('gives a fork pull request a clear notice instead of a silent pass', async () => {
    const payload = pullRequestPayload((p) => {
      if (p.pull_request.head.repo) p.pull_request.head.repo.full_name = 'stranger/Hello-World';
    });
    const action = await runAction({ event: 'pull_request', payload, inputs: { 'model-provider': 'openai', 'model-api-key': '' } });

    expect(action.failed).toBe(false);
    expect(action.github.calls.map((c) => c.route)).toEqual([CONTENTS]);
    expect(action.summary).toContain('comes from a fork: not reviewed');
    expect(action.summary).toContain(FORK_NOTICE);
  });

  it('on pull_request_target reviews a fork pull request, offline with a notice when the key is empty', async () => {
    const payload = pullRequestPayload((p) => {
      if (p.pull_request.head.repo) p.pull_request.head.repo.full_name = 'stranger/Hello-World';
    });
    const action = await runAction({
      event: 'pull_request_target',
      payload,
      workspace: prCheckout(),
      github: githubWithDiff(),
      inputs: { 'model-provider': 'openai', 'model-api-key': '' },
    });

    expect(action.failed).toBe(false);
    expect(action.github.comments).toHaveLength(1);
    expect(action.summary).toContain('model-api-key is empty, so openai was not used');
  });

  it('fails the step when the review fails, after saying so in the sticky comment', async () => {
    const github = githubWithDiff();
    github.failures.set('GET /repos/{owner}/{repo}/pulls/{pull_number}', 500);
    const action = await runAction({ event: 'pull_request', payload: pullRequestPayload(), workspace: prCheckout(), github });

    expect(action.failed).toBe(true);
    const reference = /reference `(\w+)`/.exec(github.comments[0]?.body ?? '')?.[1];
    expect(github.comments[0]?.body).toContain('nanodex could not finish');
    expect(action.summary).toContain(`The step failed: the review of #2 failed (reference ${reference})`);
  });
});
