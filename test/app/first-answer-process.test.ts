import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAnswerRepoFiles } from '../helpers/first-answer-repo.js';
import { buildTarball, deliver, HEAD_SHA, mentionPayload, startAppProcess, waitFor, type AppProcess } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveFakeGitHub, type ServedGitHub } from './serve-fake-github.js';

const QUESTION = '@nanodex explain how is compute_invoice_total rounded';
/** Indexing 4.7 MB on a loaded 2-core machine, then answering: generous. */
const REPLY_WAIT_MS = 150_000;

/** The reply in issue 1's thread at `index` once it names the invoice file (no longer "working"). */
function replyAt(github: FakeGitHub, index: number): string | undefined {
  const body = github.thread(1)[index]?.body;
  return body?.includes('billing/invoice_total.py') ? body : undefined;
}

describe('npm start on a repository it has never indexed', () => {
  let github: FakeGitHub;
  let served: ServedGitHub;
  let app: AppProcess;

  beforeAll(async () => {
    github = new FakeGitHub();
    github.tarball = { headSha: HEAD_SHA, bytes: await buildTarball(firstAnswerRepoFiles()) };
    github.permissions.set('Codertocat', 'admin');
    served = await serveFakeGitHub(github);
    app = await startAppProcess({ GITHUB_API_URL: served.url, NANODEX_APP_SLUG: 'nanodex' });
  });

  afterAll(async () => {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    await served.close();
  });

  it('replies first from the files the question needs and says so; the next mention reads the full index', async () => {
    expect((await deliver(app.url, 'issue_comment', mentionPayload(QUESTION))).status).toBe(200);
    const first = await waitFor('the first reply', () => replyAt(github, 0), REPLY_WAIT_MS);
    expect(first).toMatch(/> ⚠️ This reply was answered from a partial index of \d+ of 321 files, picked for this question/);
    // "working" is the first write and 👀 follows it: GitHub paces writes a second apart, and the answer's work
    // (the tarball, the first answer's index) starts once "working" is posted, not a second later.
    expect(
      github
        .writes()
        .map((w) => `${w.method} ${w.template}`)
        .slice(0, 2),
    ).toEqual([
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
      'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
    ]);

    // The same repository's jobs run in turn: this one starts after the first job has finished the index.
    const again = mentionPayload(QUESTION);
    again.comment.id = 492700401;
    expect((await deliver(app.url, 'issue_comment', again)).status).toBe(200);
    const second = await waitFor('the second reply', () => replyAt(github, 1), REPLY_WAIT_MS);
    expect(second).not.toContain('partial index');
    expect(github.unknown).toEqual([]);
  });
});
