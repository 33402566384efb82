import { describe, expect, it } from 'vitest';
import type { IssueCommentPayload } from '../../src/action/read-action-event.js';
import { git, makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, runAction, SAMPLE_FILES } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

function mentionPayload(body: string, edit: (payload: IssueCommentPayload) => void = () => undefined): IssueCommentPayload {
  return examplePayload<IssueCommentPayload>('issue_comment', 'created', (payload) => {
    payload.comment.body = body;
    edit(payload);
  });
}

const REACTIONS = 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions';

describe('run (the Action) on issue_comment', () => {
  it("answers a collaborator's mention in one sticky comment that goes from working to the answer", async () => {
    const payload = mentionPayload('@nanodex find greet');
    const action = await runAction({ event: 'issue_comment', payload });

    expect(action.failed).toBe(false);
    const { github } = action;
    expect(github.callsTo(REACTIONS).map((c) => (c.body as { content: string }).content)).toEqual(['eyes', 'rocket']);
    expect(github.callsTo('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')).toHaveLength(1);
    expect(github.callsTo('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}')).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    const [reply] = github.comments;
    expect(reply?.body).toContain(`<!-- nanodex:sticky:mention-${payload.comment.id} -->`);
    expect(reply?.body).toContain('src/greet.ts');
    expect(action.outputs['comment-url']).toBe(reply?.html_url);
    expect(action.summary).toContain(`Answered @${payload.comment.user?.login}'s request on #${payload.issue.number}: find (done).`);
    expect(action.summary).toContain(`Posted: ${reply?.html_url}`);
  });

  it("routes free text to a command and links citations to the checkout's commit", async () => {
    const action = await runAction({ event: 'issue_comment', payload: mentionPayload('@nanodex how does greet work?') });

    expect(action.failed).toBe(false);
    const head = git(action.workspace, ['rev-parse', 'HEAD']).trim();
    expect(action.github.comments[0]?.body).not.toContain('⏳');
    expect(action.github.comments[0]?.body).toContain(`(https://github.com/Codertocat/Hello-World/blob/${head}/src/greet.ts#L1-L3)`); // greet.ts has 3 lines
    expect(JSON.parse(action.outputs.metrics ?? '{}').run.command).toBe('explain');
  });

  it('does nothing, and calls nothing, for a comment that does not mention nanodex', async () => {
    const action = await runAction({ event: 'issue_comment', payload: mentionPayload('Looks good to me, cc @nanodexter') });

    expect(action.failed).toBe(false);
    expect(action.github.calls).toEqual([]);
    expect(action.summary).toContain('The comment does not mention @nanodex.');
  });

  it('answers to another name with the mention input', async () => {
    const action = await runAction({
      event: 'issue_comment',
      payload: mentionPayload('@helper find greet'),
      inputs: { mention: 'helper' },
    });

    expect(action.github.comments[0]?.body).toContain('src/greet.ts');
  });

  it('tells a reader without write access why free text was refused, and runs nothing', async () => {
    const github = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
    github.permission = 'read';
    const action = await runAction({ event: 'issue_comment', payload: mentionPayload('@nanodex rewrite the greeting'), github });

    expect(action.failed).toBe(false);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toMatch(
      /^<!-- nanodex:sticky:refused-codertocat -->\nA request that does not name its command needs write access to this repository, and @Codertocat has read access\./,
    );
    expect(github.callsTo(REACTIONS)).toEqual([]);
    expect(action.summary).toContain('may not run `auto`');
  });

  it('keeps one refusal per person on a thread: a second run updates it, a config can silence it', async () => {
    const github = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
    github.permission = 'read';
    await runAction({ event: 'issue_comment', payload: mentionPayload('@nanodex rewrite the greeting'), github });
    await runAction({ event: 'issue_comment', payload: mentionPayload('@nanodex rewrite it again'), github });
    expect(github.comments).toHaveLength(1);

    const quiet = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
    quiet.permission = 'read';
    await runAction({
      event: 'issue_comment',
      payload: mentionPayload('@nanodex rewrite the greeting'),
      github: quiet,
      workspace: makeTempRepo({ ...SAMPLE_FILES, '.github/nanodex.yml': 'access:\n  explainRefusals: false\n' }, { git: true }),
    });
    expect(quiet.comments).toEqual([]);
  });

  it('stays silent on its own comments', async () => {
    const payload = mentionPayload('@nanodex find greet', (p) => {
      if (p.comment.user) Object.assign(p.comment.user, { login: 'github-actions[bot]', type: 'Bot' });
    });
    const action = await runAction({ event: 'issue_comment', payload });

    expect(action.github.comments).toEqual([]);
    expect(action.failed).toBe(false);
  });

  it('ignores an edited comment', async () => {
    const payload = examplePayload<IssueCommentPayload>('issue_comment', 'edited', (p) => {
      p.comment.body = '@nanodex find greet';
    });
    const action = await runAction({ event: 'issue_comment', payload });

    expect(action.github.calls).toEqual([]);
    expect(action.summary).toContain('The comment was edited');
  });

  it('fails the step when GitHub refuses the reply, without showing the token', async () => {
    const github = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
    github.failures.set('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403);
    const action = await runAction({ event: 'issue_comment', payload: mentionPayload('@nanodex find greet'), github });

    expect(action.failed).toBe(true);
    expect(action.summary).toContain('The step failed');
    expect(action.summary).toContain('issues: write');
    expect(action.outputs['comment-url']).toBe('');
  });
});
