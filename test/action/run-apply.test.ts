import { describe, expect, it } from 'vitest';
import type { IssueCommentPayload } from '../../src/action/read-action-event.js';
import { AFTER, BEFORE, uploaderProposal } from '../helpers/proposal-fixture.js';
import { examplePayload, runAction } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

function applyPayload(id: string): IssueCommentPayload {
  return examplePayload<IssueCommentPayload>('issue_comment', 'created', (payload) => {
    payload.comment.body = `@nanodex apply ${id} constants`;
  });
}

/** The thread as the Action finds it: the proposal in the workflow bot's own earlier reply. */
function githubWithProposal(): { github: FakeGitHub; id: string } {
  const github = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
  const { record, block } = uploaderProposal();
  github.comments.push({
    id: 55,
    issue: 1,
    body: `<!-- nanodex:sticky:mention-54 -->\n## Proposed changes\n\n${block}`,
    html_url: 'https://github.com/Codertocat/Hello-World/issues/1#issuecomment-55',
    user: { login: 'github-actions[bot]', type: 'Bot' },
  });
  github.git.files.set('src/upload.ts', { text: BEFORE, mode: '100644' });
  return { github, id: record.id };
}

describe('run (the Action) on "@nanodex apply <id> <group>"', () => {
  it('applies only the named approval group with the workflow token: a nanodex/ branch and a pull request', async () => {
    const { github, id } = githubWithProposal();
    const action = await runAction({ event: 'issue_comment', payload: applyPayload(id), github });

    expect(action.failed).toBe(false);
    const files = github.git.filesOf(`nanodex/${id}`);
    expect(files.get('src/retries.ts')).toBe('export const RETRIES = 3;\n');
    // The other change (no group) was not approved: src/upload.ts is as it was.
    expect(files.get('src/upload.ts')).toBe(BEFORE);
    expect(files.get('src/upload.ts')).not.toBe(AFTER);
    expect(github.git.pullRequests).toMatchObject([{ head: `nanodex/${id}`, base: 'master' }]);
    expect(github.git.pullRequests[0]?.body).toContain('approval groups `constants`');
    const reply = github.comments.at(-1)?.body ?? '';
    expect(reply).toContain(`Applied proposal \`${id}\` (1 change`);
    expect(action.summary).toContain('Applied a proposal for @');
  });

  it('says what the workflow token lacks when GitHub refuses the write', async () => {
    const { github, id } = githubWithProposal();
    github.git.refuseWrites = true;
    const action = await runAction({ event: 'issue_comment', payload: applyPayload(id), github });

    const reply = github.comments.at(-1)?.body ?? '';
    expect(reply).toContain('HTTP 403');
    expect(reply).toContain('contents: write');
    expect(action.failed).toBe(true);
    expect(github.git.pullRequests).toEqual([]);
  });
});
