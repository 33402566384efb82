import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { findPastedLeaks, PASTED_FAMILIES } from '../helpers/find-pasted-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { buildTarball, deliver, HEAD_SHA, mentionPayload, startAppProcess, waitFor, type AppProcess } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveFakeGitHub, type ServedGitHub } from './serve-fake-github.js';

const pasted = buildSecretCorpus().filter((s) => PASTED_FAMILIES.includes(s.name));
/** Each family pasted into a different command: a plan's title clips it, an explanation quotes the question. */
const MENTIONS = [
  (token: string) => `@nanodex plan rotate ${token} and the other credentials`,
  (token: string) => `@nanodex explain why ${token} fails in parseHttpRequest`,
  (token: string) => `@nanodex ask is ${token} still used by the server?`,
];

/** Replies on issue 1 that are no longer the "working" state. */
const finalReplies = (github: FakeGitHub) => github.thread(1).filter((c) => !/working on it|is working/i.test(c.body));

describe('npm start, when mentions paste a secret of each family (issue 27)', () => {
  let github: FakeGitHub;
  let served: ServedGitHub;
  let app: AppProcess;

  beforeAll(async () => {
    github = new FakeGitHub();
    github.tarball = { headSha: HEAD_SHA, bytes: await buildTarball(SAMPLE_FILES) };
    github.permissions.set('Codertocat', 'admin');
    served = await serveFakeGitHub(github);
    // The debug log too: the issue saw the token there.
    app = await startAppProcess({ GITHUB_API_URL: served.url, LOG_LEVEL: 'debug' });
  }, 120_000);

  afterAll(async () => {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    await served.close();
  });

  it('replies to every mention, and no secret reaches GitHub, escaped or not, nor the log', async () => {
    for (const [i, secret] of pasted.entries()) {
      const payload = mentionPayload(MENTIONS[i % MENTIONS.length]!(secret.value));
      payload.comment.id = 9000 + i;
      expect((await deliver(app.url, 'issue_comment', payload)).status).toBe(200);
    }
    await waitFor('a reply to each mention', () => (finalReplies(github).length >= pasted.length ? true : undefined), 180_000);
    const sent = JSON.stringify(github.sent.map((r) => r.body));
    expect(sent).toContain('[redacted]');
    expect(findPastedLeaks(sent, pasted)).toEqual([]);
    // Log lines are written after an async redaction: the last reply's lines may trail it a little.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The debug log (JSON lines off a terminal) holds the requests, replies included: what is checked below.
    expect(app.log()).toMatch(/"name":"octokit".*"msg":"GitHub request: PATCH/);
    expect(app.log()).toContain('redacted');
    expect(findPastedLeaks(app.log(), pasted)).toEqual([]);
  }, 240_000);
});
