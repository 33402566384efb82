import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-dist.js';
import { deliver, mentionPayload, startAppProcess, waitFor, type AppProcess } from './app-process.js';
import { serveFakeGitHub, type ServedGitHub } from './serve-fake-github.js';

/** Small on purpose: one attempt gives up after 300 ms, one call (its retries and its token included) after 2 s. */
const TIMEOUT_MS = 300;
const DEADLINE_MS = 2_000;

async function jobsPending(app: AppProcess): Promise<number | undefined> {
  const health = await fetch(`${app.url}/healthz`).then((r) => r.json() as Promise<{ jobs?: { pending: number } }>);
  return health.jobs?.pending;
}

describe('npm start when GitHub accepts connections and never answers', () => {
  let served: ServedGitHub | undefined;
  let app: AppProcess | undefined;

  // Run by hand after a change, the build (minutes on a loaded machine) must not eat the test's own time.
  beforeAll(() => void ensureBuilt('src/app/main.js'), 300_000);

  afterEach(async () => {
    if (app?.child.exitCode === null) app.child.kill('SIGKILL');
    await served?.close();
  });

  it('fails the mention within its deadline, with one retry layer, and still tries to tell the person', async () => {
    const arrived: string[] = [];
    served = await serveFakeGitHub('silent', { onArrive: (url) => arrived.push(url) });
    app = await startAppProcess({
      GITHUB_API_URL: served.url,
      NANODEX_APP_SLUG: 'nanodex',
      NANODEX_GITHUB_TIMEOUT_MS: String(TIMEOUT_MS),
      NANODEX_GITHUB_DEADLINE_MS: String(DEADLINE_MS),
    });
    const started = Date.now();
    expect((await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find parseHttpRequest'))).status).toBe(200);

    // The job reads the config (no answer), then tries to post its failure reply (no answer either): two calls.
    // Before, each call took over a minute here (16 token requests: a retried request inside every retried call).
    for (;;) {
      if ((await jobsPending(app)) === 0) break;
      if (Date.now() - started > 30_000) throw new Error(`the job did not end within 30 s; ${arrived.length} requests so far`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsedMs = Date.now() - started;

    // Nothing answered, so every request was for an installation token, and each was sent once per attempt of
    // the call that needed it: at most 4 attempts (3 retries) for each of the two calls.
    expect(arrived.every((url) => /\/app\/installations\/4242\/access_tokens$/.test(url))).toBe(true);
    expect(arrived.length).toBeGreaterThanOrEqual(2);
    expect(arrived.length).toBeLessThanOrEqual(8);
    // Two calls of at most DEADLINE_MS each; the margin is for a loaded machine (before the fix: minutes).
    expect(elapsedMs).toBeLessThan(2 * DEADLINE_MS + 10_000);

    const log = await waitFor('the failure lines', () => {
      const text = app?.log() ?? '';
      return /could not report the failure in the sticky comment/.test(text) ? text : undefined;
    });
    expect(log).toMatch(/mention failed before it ran/);
    expect(log).toMatch(/did not answer within 2000 ms/);
  }, 90_000);
});
