import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { buildTarball, deliver, HEAD_SHA, mentionPayload, startAppProcess, waitFor, type AppProcess } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveFakeGitHub, type ServedGitHub } from './serve-fake-github.js';

const HUNDRED_MB = 100 * 1024 * 1024;
/** From SIGTERM to exit with a 1.5 s NANODEX_SHUTDOWN_MS: the stop, the reply and the exit, with room for a loaded machine. */
const SHUTDOWN_BOUND_MS = 30_000;

/** The last body of issue 1's thread once it is no longer the "working" one. */
function finalReply(github: FakeGitHub): string | undefined {
  const body = github.thread(1).at(-1)?.body;
  return body !== undefined && !/working on it|is working/i.test(body) ? body : undefined;
}

/** Sends headers announcing `declared` bytes and a first chunk, then waits for the status (the server must not wait for the rest). */
function postHuge(url: string, headers: Record<string, string>, declared: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL('/api/github/webhooks', url);
    const req = httpRequest(
      target,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server answers and closes while the upload is still going: EPIPE/ECONNRESET after the answer is expected.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    req.write(Buffer.alloc(64 * 1024, 'a'));
  });
}

/** Sends `mb` MB with a made-up signature and never ends the request: a body held open before it can be verified. */
function holdUpload(url: string, mb: number): { status: Promise<number>; destroy(): void } {
  const req = httpRequest(new URL('/api/github/webhooks', url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // push: its cap is the overall 25 MB (a mention's is 1 MB, and would be refused 413 before the shared budget is reached).
      'x-github-event': 'push',
      'x-github-delivery': 'held',
      'x-hub-signature-256': 'sha256=00',
    },
  });
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  let sent = 0;
  const pump = (): void => {
    while (sent < mb) {
      sent += 1;
      if (!req.write(chunk)) {
        req.once('drain', pump);
        return;
      }
    }
  };
  pump();
  return { status, destroy: () => req.destroy() };
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

describe('npm start (node dist/src/app/main.js)', () => {
  let github: FakeGitHub;
  let served: ServedGitHub;
  let app: AppProcess;

  beforeAll(async () => {
    github = new FakeGitHub();
    github.tarball = { headSha: HEAD_SHA, bytes: await buildTarball(SAMPLE_FILES) };
    github.permissions.set('Codertocat', 'admin');
    served = await serveFakeGitHub(github);
    // No NANODEX_APP_SLUG: the slug is read from GET /app, as on a first deployment.
    app = await startAppProcess({ GITHUB_API_URL: served.url });
  });

  afterAll(async () => {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    await served.close();
  });

  it('logs that it listens, at the documented default level (info)', async () => {
    // Log lines are redacted before they are written, so the line may follow the first health check.
    await waitFor('the listening line', () => (app.log().includes('nanodex App listening') ? true : undefined));
    expect(app.log()).toContain(served.url);
  });

  it('answers a signed mention end to end: the sticky reply arrives at GitHub', async () => {
    const response = await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find parseHttpRequest'));
    expect(response.status).toBe(200);

    const reply = await waitFor('the reply', () => finalReply(github));
    expect(reply).toContain('src/http/parse-http-request.ts');
    expect(github.thread(1)).toHaveLength(1);
    expect(github.reactions.map((r) => r.content)).toContain('eyes');
    expect(github.unknown).toEqual([]);
  });

  it('serves Prometheus metrics on GET /metrics in one process too: deliveries, acknowledgements, queue depth', async () => {
    const response = await fetch(`${app.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/nanodex_webhook_deliveries_total\{event="issue_comment",outcome="handled"\} 1/);
    expect(text).toMatch(/nanodex_webhook_ack_seconds_count 1/);
    expect(text).toMatch(/nanodex_queue_jobs\{state="waiting"\} 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  describe('hostile traffic', () => {
    it('refuses a request without a signature before reading its body (400)', async () => {
      expect(await postHuge(app.url, { 'x-github-event': 'issue_comment', 'x-github-delivery': 'u1' }, HUNDRED_MB)).toBe(400);
    });

    it('refuses a signed-looking request over 25 MB at once (413)', async () => {
      const headers = { 'x-github-event': 'issue_comment', 'x-github-delivery': 'u2', 'x-hub-signature-256': 'sha256=00' };
      expect(await postHuge(app.url, headers, HUNDRED_MB)).toBe(413);
    });

    it('keeps its memory flat under four 100 MB uploads', async () => {
      const before = rssMb(app.child.pid ?? 0);
      const statuses = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          postHuge(
            app.url,
            {
              'x-github-event': 'issue_comment',
              'x-github-delivery': `big-${i}`,
              ...(i % 2 === 0 ? { 'x-hub-signature-256': 'sha256=00' } : {}),
            },
            HUNDRED_MB,
          ),
        ),
      );
      expect(statuses.every((s) => s === 400 || s === 413)).toBe(true);
      expect(rssMb(app.child.pid ?? 0) - before).toBeLessThan(50);
    });

    it('holds at most 64 MB of unverified bodies at once, across connections: the rest get 503', async () => {
      const before = rssMb(app.child.pid ?? 0);
      const uploads = Array.from({ length: 8 }, () => holdUpload(app.url, 24));
      const codes: number[] = [];
      for (const u of uploads) void u.status.then((code) => codes.push(code));
      try {
        // Two bodies fit the 64 MB budget (2 x 24 MB); the third would not, so every later one is refused at once.
        await waitFor('the refusals', () => (codes.length >= 5 ? codes : undefined), 30_000);
        // A refused upload sees the 503, or, when the server closes while it is still writing, a reset (0).
        expect(codes.every((code) => code === 503 || code === 0)).toBe(true);
        expect(codes.filter((code) => code === 503).length).toBeGreaterThanOrEqual(1);
        expect(rssMb(app.child.pid ?? 0) - before).toBeLessThan(150);
      } finally {
        for (const u of uploads) u.destroy();
      }
    });

    it('never answers 2xx to a bad signature (401)', async () => {
      const response = await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find x'), { secret: 'wrong' });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('signature does not match');
    });

    it.each([
      [
        'no comment.user',
        (comment: Record<string, unknown>) => {
          delete comment.user;
        },
        'comment.user',
      ],
      [
        'a body that is not a string',
        (comment: Record<string, unknown>) => {
          comment.body = 42;
        },
        'comment.body',
      ],
    ])('refuses a signed payload with %s, naming the field, never with an internal error (400)', async (_case, spoil, field) => {
      const payload = mentionPayload('@nanodex find x');
      spoil(payload.comment);
      const response = await deliver(app.url, 'issue_comment', payload);
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(text).toContain(field);
      expect(text).not.toMatch(/TypeError|Cannot read/);
    });

    it('refuses installation_repositories whose repositories are not a list (400)', async () => {
      const response = await deliver(app.url, 'installation_repositories', {
        action: 'added',
        installation: { id: 4242 },
        repositories_added: 'all of them',
        repository_selection: 'selected',
        sender: { login: 'Codertocat' },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('repositories_added');
    });

    it('refuses a delivery without X-GitHub-Event, naming the header (400)', async () => {
      const response = await fetch(`${app.url}/api/github/webhooks`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', 'x-github-delivery': 'd', 'x-hub-signature-256': 'sha256=00' },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('X-GitHub-Event');
    });
  });

  it('drains and exits 0 on SIGTERM', async () => {
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(app.log()).toContain('shutting down');
  });
});

describe('npm start when it cannot start', () => {
  it('lists a GitHub it cannot reach, with the fix, and no stack trace', async () => {
    const silent = await serveFakeGitHub('silent');
    try {
      const app = startAppProcess({ GITHUB_API_URL: silent.url, NANODEX_GITHUB_TIMEOUT_MS: '300' });
      await expect(app).rejects.toThrow(
        /NANODEX_APP_SLUG is not set and GET http:\/\/127\.0\.0\.1:\d+\/app failed.*Fix: set NANODEX_APP_SLUG/s,
      );
      await expect(app).rejects.not.toThrow(/\n\s+at /);
    } finally {
      await silent.close();
    }
  });
});

describe('npm start when GitHub hangs', () => {
  let github: FakeGitHub;
  let served: ServedGitHub;

  beforeAll(async () => {
    github = new FakeGitHub();
    github.tarball = { headSha: HEAD_SHA, bytes: await buildTarball(SAMPLE_FILES) };
    github.permissions.set('Codertocat', 'admin');
    // Everything answers but the tarball download: the connection is accepted and nothing comes back.
    served = await serveFakeGitHub(github, { hang: /\/tarball\// });
  });

  afterAll(async () => {
    await served.close();
  });

  it('fails the job with a reply and a reference id once a call times out, and stays healthy', async () => {
    const app = await startAppProcess({ GITHUB_API_URL: served.url, NANODEX_APP_SLUG: 'nanodex', NANODEX_GITHUB_TIMEOUT_MS: '300' });
    try {
      await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find parseHttpRequest'));
      const reply = await waitFor('the failure reply', () => finalReply(github));
      expect(reply).toMatch(/reference `?[0-9a-f]{8}/);
      expect(app.log()).toContain('did not answer within 300 ms');
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      app.child.kill('SIGKILL');
    }
  });

  it('fails a job past its deadline with a reply, frees its slot and reports it on /healthz (503)', async () => {
    github.comments.clear();
    // The job's first call (its config) hangs for 10 minutes: it is still running when the deadline passes and
    // when /healthz is read, however slow the machine. (Stuck later, at the tarball, a slow start could let the
    // deadline pass first: the job's next write is then refused, it settles, and /healthz is 200 again.)
    const stuck = await serveFakeGitHub(github, { hang: /\/contents\/.*nanodex\.yml/ });
    const app = await startAppProcess({
      GITHUB_API_URL: stuck.url,
      NANODEX_APP_SLUG: 'nanodex',
      NANODEX_GITHUB_TIMEOUT_MS: '600000',
      NANODEX_JOB_DEADLINE_MS: '1500',
      // Unpaced writes: paced, the "working" comment waits 1 s behind the 👀, and on a loaded machine the deadline
      // could pass in that quick part, which then settles at once and leaves nothing overdue (200, not 503).
      NANODEX_GITHUB_THROTTLE: 'off',
    });
    try {
      await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find parseHttpRequest'));
      const reply = await waitFor('the deadline reply', () => finalReply(github));
      expect(reply).toContain('did not finish within 2 s');
      expect(reply).toMatch(/reference `?[0-9a-f]{8}/);
      const health = await fetch(`${app.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ ok: false, overdue: [{ event: 'mention', repo: 'codertocat/hello-world' }] });
    } finally {
      app.child.kill('SIGKILL');
      await stuck.close();
    }
  });

  it('on SIGTERM gives up on a stuck job within NANODEX_SHUTDOWN_MS, tells the user, and exits 0', async () => {
    github.comments.clear();
    github.reactions.length = 0;
    // The hung download would hold the job for 10 minutes: only NANODEX_SHUTDOWN_MS can end it within SHUTDOWN_BOUND_MS.
    const app = await startAppProcess({
      GITHUB_API_URL: served.url,
      NANODEX_APP_SLUG: 'nanodex',
      NANODEX_GITHUB_TIMEOUT_MS: '600000',
      NANODEX_SHUTDOWN_MS: '1500',
    });
    await deliver(app.url, 'issue_comment', mentionPayload('@nanodex find parseHttpRequest'));
    // The job is running: its "working" comment is up and its tarball download hangs. 👀 follows "working"
    // a write slot (a second) later; the restart's reply takes the slot after it, within NANODEX_SHUTDOWN_MS.
    await waitFor('the working comment', () => github.thread(1).at(-1));
    await waitFor('the 👀 after it', () => github.reactions.find((r) => r.content === 'eyes'));
    const stoppedAt = Date.now();
    app.child.kill('SIGTERM');

    expect(await app.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(github.thread(1).at(-1)?.body).toContain('nanodex was restarting');
    expect(github.thread(1).at(-1)?.body).toMatch(/reference `?[0-9a-f]{8}/);
  });
});
