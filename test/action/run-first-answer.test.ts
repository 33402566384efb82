import { describe, expect, it } from 'vitest';
import type { IssueCommentPayload } from '../../src/action/read-action-event.js';
import { FIRST_ANSWER_REPO_FILES, firstAnswerRepoFiles } from '../helpers/first-answer-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, FolderIndexCache, OWNER, REPO, runAction } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

const QUESTION = '@nanodex explain how is compute_invoice_total rounded';
/** Indexing 4.7 MB on this thread (tests run the sources, without parser workers) on a loaded machine: generous. */
const TIMEOUT_MS = 240_000;

function mentionPayload(commentId: number): IssueCommentPayload {
  return examplePayload<IssueCommentPayload>('issue_comment', 'created', (payload) => {
    payload.comment.body = QUESTION;
    payload.comment.id = commentId;
  });
}

describe('run (the Action) on a mention with no cached index', () => {
  it(
    'replies from the files the question needs, then indexes the rest and caches it for the next run',
    async () => {
      const workspace = makeTempRepo(firstAnswerRepoFiles(), { git: true });
      const cache = new FolderIndexCache(makeTempDir('nanodex-cache-'));
      const github = new FakeGitHub({ owner: OWNER, repo: REPO });

      const first = await runAction({ event: 'issue_comment', payload: mentionPayload(1), workspace, cache, github });

      expect(first.failed).toBe(false);
      const reply = github.comments.at(-1)?.body ?? '';
      expect(reply).toContain('billing/invoice_total.py');
      expect(reply).toMatch(new RegExp(`partial index of \\d+ of ${FIRST_ANSWER_REPO_FILES} files`));
      expect(first.summary).toContain('Answered from a partial index');
      // The whole tree was indexed after the reply, and that whole index is what was cached.
      expect(first.summary).toMatch(new RegExp(`\\| ${FIRST_ANSWER_REPO_FILES} \\| \\d+ \\| 0 \\| 0 \\|`));
      expect(cache.saved).toHaveLength(1);

      const second = await runAction({ event: 'issue_comment', payload: mentionPayload(2), workspace, cache, github });

      expect(second.failed).toBe(false);
      expect(second.summary).toContain(`hit from \`${cache.saved[0]}\``);
      const again = github.comments.at(-1)?.body ?? '';
      expect(again).toContain('sticky:mention-2');
      expect(again).toContain('billing/invoice_total.py');
      expect(again).not.toContain('partial index');
    },
    TIMEOUT_MS,
  );
});
