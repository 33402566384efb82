import { describe, expect, it } from 'vitest';
import { FORK_NOTICE } from '../../src/action/handle-pull-request.js';
import type { PullRequestPayload } from '../../src/action/read-action-event.js';
import { makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, OWNER, REPO, runAction, SAMPLE_FILES } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

const CHANGED_GREET = "export function greet(name: string): string {\n  if (name === '') {\n    throw new Error('no name');\n  }\n  return `hello ${name}`;\n}\n";
const DIFF = [
  'diff --git a/src/greet.ts b/src/greet.ts',
  'index 3b18e51..9c2f0a1 100644',
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -1,3 +1,6 @@',
  ' export function greet(name: string): string {',
  "+  if (name === '') {",
  "+    throw new Error('no name');",
  '+  }',
  '   return `hello ${name}`;',
  ' }',
  '',
].join('\n');

function pullRequestPayload(edit: (payload: PullRequestPayload) => void = () => undefined): PullRequestPayload {
  return examplePayload<PullRequestPayload>('pull_request', 'opened', edit);
}

/** The checkout a pull_request run gets: the change applied. */
const prCheckout = () => makeTempRepo({ ...SAMPLE_FILES, 'src/greet.ts': CHANGED_GREET }, { git: true });

function githubWithDiff(): FakeGitHub {
  const github = new FakeGitHub({ owner: OWNER, repo: REPO });
  github.diff = DIFF;
  return github;
}

describe('run (the Action) on pull_request', () => {
  it('reviews the change through the shared flow and records the reviewed head in the sticky summary', async () => {
    const payload = pullRequestPayload();
    const action = await runAction({ event: 'pull_request', payload, workspace: prCheckout(), github: githubWithDiff() });

    expect(action.failed).toBe(false);
    const { github } = action;
    expect(github.callsTo('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain('<!-- nanodex:sticky:review -->');
    expect(github.comments[0]?.body).toContain(payload.pull_request.head.sha);
    expect(action.summary).toMatch(new RegExp(`Review of #${payload.pull_request.number} at ${payload.pull_request.head.sha.slice(0, 7)}: (reviewed|skipped)\\.`));
    expect(action.outputs['comment-url']).toMatch(/^https:\/\/github\.com\/Codertocat\/Hello-World\/(pull|issues)\/2#/);
    expect(JSON.parse(action.outputs.metrics ?? '{}').run.command).toBe('review');
  });

  it('does not review the same head twice, and opens no index for it', async () => {
    const github = githubWithDiff();
    const workspace = prCheckout();
    await runAction({ event: 'pull_request', payload: pullRequestPayload(), workspace, github });
    const second = await runAction({ event: 'pull_request', payload: pullRequestPayload((p) => { p.action = 'synchronize'; }), workspace, github });

    expect(second.summary).toContain(': up-to-date.');
    expect(second.cache.restores).toEqual([]);
    expect(github.callsTo('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toHaveLength(1);
  });

  it('leaves drafts alone unless the config asks for them', async () => {
    const action = await runAction({ event: 'pull_request', payload: pullRequestPayload((p) => { p.pull_request.draft = true; }) });

    expect(action.github.calls).toEqual([]);
    expect(action.summary).toContain('is a draft');
  });

  it('ignores a pull request that was only labeled', async () => {
    const payload = examplePayload<PullRequestPayload>('pull_request', 'labeled');
    const action = await runAction({ event: 'pull_request', payload });

    expect(action.github.calls).toEqual([]);
    expect(action.summary).toContain('was labeled; nothing new to review.');
  });

  it('gives a fork pull request a clear notice instead of a silent pass', async () => {
    const payload = pullRequestPayload((p) => {
      if (p.pull_request.head.repo) p.pull_request.head.repo.full_name = 'stranger/Hello-World';
    });
    const action = await runAction({ event: 'pull_request', payload, inputs: { 'model-provider': 'openai', 'model-api-key': '' } });

    expect(action.failed).toBe(false);
    expect(action.github.calls).toEqual([]);
    expect(action.summary).toContain('comes from a fork: not reviewed');
    expect(action.summary).toContain(FORK_NOTICE);
  });

  it('on pull_request_target reviews a fork pull request, offline with a notice when the key is empty', async () => {
    const payload = pullRequestPayload((p) => {
      if (p.pull_request.head.repo) p.pull_request.head.repo.full_name = 'stranger/Hello-World';
    });
    const action = await runAction({
      event: 'pull_request_target', payload, workspace: prCheckout(), github: githubWithDiff(),
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
