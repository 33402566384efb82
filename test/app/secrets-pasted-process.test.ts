import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { findPastedLeaks, PASTED_FAMILIES } from '../helpers/find-pasted-leaks.js';
import { buildTarball, deliver, HEAD_SHA, mentionPayload, startAppProcess, waitFor, type AppProcess } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveFakeGitHub, type ServedGitHub } from './serve-fake-github.js';

const pasted = buildSecretCorpus().filter((s) => PASTED_FAMILIES.includes(s.name));

/** Replies on issue 1 that are no longer the "working" state. */
const finalReplies = (github: FakeGitHub) => github.thread(1).filter((c) => !/working on it|is working/i.test(c.body));

describe('npm start, when a mention pastes a secret (issue 27)', () => {
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
  }, 60_000);

  afterAll(async () => {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    await served.close();
  });

  it.each([
    ['plan', (token: string) => `@nanodex plan rotate ${token} and the other credentials`],
    ['explain', (token: string) => `@nanodex explain why ${token} fails in parseHttpRequest`],
    ['ask', (token: string) => `@nanodex ask is ${token} still used by the server?`],
  ])(
    'replies to `%s` with each family pasted, and no secret reaches GitHub or the log',
    async (_command, mention) => {
      const before = finalReplies(github).length;
      for (const [i, secret] of pasted.entries()) {
        const payload = mentionPayload(mention(secret.value));
        payload.comment.id = Number(`${Date.now() % 1_000_000}${i}`);
        expect((await deliver(app.url, 'issue_comment', payload)).status).toBe(200);
        await waitFor('the reply', () => (finalReplies(github).length > before + i ? true : undefined), 60_000);
      }
      const sent = JSON.stringify(github.sent.map((r) => r.body));
      expect(sent).toContain('[redacted]');
      expect(findPastedLeaks(sent, pasted), sent.slice(0, 20000)).toEqual([]);
      // Log lines are written after an async redaction: the last reply's lines may trail it a little.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(findPastedLeaks(app.log(), pasted)).toEqual([]);
    },
    240_000,
  );
});
