import { describe, expect, it } from 'vitest';
import type { IssueCommentPayload } from '../../src/action/read-action-event.js';
import { NET_CLIENT_FILES } from '../helpers/net-client-files.js';
import { makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, runAction } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

function mention(body: string, commentId: number): IssueCommentPayload {
  return examplePayload<IssueCommentPayload>('issue_comment', 'created', (payload) => {
    payload.comment.body = body;
    payload.comment.id = commentId;
  });
}

describe('run (the Action): a follow-up mention remembers the thread', () => {
  it("a second workflow run answers from the first run's cited files, read back from the thread", async () => {
    const github = new FakeGitHub({ owner: 'Codertocat', repo: 'Hello-World' });
    const workspace = makeTempRepo(NET_CLIENT_FILES, { git: true });

    const first = await runAction({
      event: 'issue_comment',
      payload: mention('@nanodex plan add exponential backoff to the downloader with withBackoff', 1),
      github,
      workspace,
    });
    expect(first.failed).toBe(false);
    expect(github.comments.at(-1)?.body).toContain('<!-- nanodex:memory ');

    const second = await runAction({
      event: 'issue_comment',
      payload: mention('@nanodex plan now do the same for the uploader', 2),
      github,
      workspace,
    });
    expect(second.failed).toBe(false);
    const reply = github.comments.at(-1)?.body ?? '';
    expect(reply).toContain('sticky:mention-2');
    expect(reply).toMatch(/src\/net\/retry-policy\.ts#L\d+/);
    expect(reply).toContain('Carried over from 1 earlier request in this thread');
  });
});
