import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../../helpers/build-dist.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';
import { startRedis, type TestRedis } from '../../helpers/start-redis.js';
import { buildTarball, deliver, HEAD_SHA, mentionPayload, startAppProcess, waitFor, type AppProcess } from '../app-process.js';
import { FakeGitHub } from '../fake-github.js';
import { serveFakeGitHub, type ServedGitHub } from '../serve-fake-github.js';
import { PRIVATE_KEY } from '../test-key.js';

/**
 * The first tarball download takes this long: the first worker is killed while it waits for it, however slowly
 * this test notices (4 s once, which a loaded machine could miss). The second worker's download is answered at once.
 */
const SLOW_TARBALL_MS = 10 * 60_000;
/** A worker that refuses to start still loads its modules first: seconds here, far more on a loaded 2-core machine. */
const SPAWN_TIMEOUT_MS = 90_000;

function finalReply(github: FakeGitHub): string | undefined {
  const body = github.thread(1).at(-1)?.body;
  return body !== undefined && !/working on it|is working/i.test(body) ? body : undefined;
}

async function waitForAsync(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the scaled-out App as processes: npm start with REDIS_URL, npm run worker', () => {
  let redis: TestRedis;
  let github: FakeGitHub;
  let served: ServedGitHub;
  const processes: AppProcess[] = [];
  let tarballRequests = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nanodex-shared-data-'));

  beforeAll(async () => {
    redis = await startRedis();
    github = new FakeGitHub();
    github.tarball = { headSha: HEAD_SHA, bytes: await buildTarball(SAMPLE_FILES) };
    github.permissions.set('Codertocat', 'admin');
    served = await serveFakeGitHub(github, {
      delay: { path: /\/tarball\//, ms: SLOW_TARBALL_MS, times: 1 },
      onArrive: (url) => {
        if (url.includes('/tarball/')) tarballRequests++;
      },
    });
  });

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await served?.close();
    await redis?.dispose();
  });

  const env = () => ({
    GITHUB_API_URL: served.url,
    REDIS_URL: redis.url,
    NANODEX_APP_SLUG: 'nanodex',
    NANODEX_DATA_DIR: dataDir,
    // A dead worker's job and index lease come back within seconds, not the production defaults (30 s, 60 s).
    NANODEX_JOB_LOCK_MS: '2000',
    NANODEX_INDEX_LEASE_MS: '3000',
  });
  const start = async (entry: 'receiver' | 'worker'): Promise<AppProcess> => {
    const started = await startAppProcess(env(), entry === 'worker' ? { entry: 'src/app/worker-main.js' } : {});
    processes.push(started);
    return started;
  };

  it('refuses to start a worker without REDIS_URL, naming the variable and the fix', () => {
    const result = spawnSync(process.execPath, [ensureBuilt('src/app/worker-main.js')], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', APP_ID: '1', PRIVATE_KEY, WEBHOOK_SECRET: 's', NANODEX_DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: SPAWN_TIMEOUT_MS,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/nanodex worker cannot start/);
    expect(result.stderr).toMatch(/REDIS_URL is not set/);
  });

  it('starts the same worker as `nanodex worker` (the CLI), with the same start-up problems', () => {
    const result = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), 'worker'], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        APP_ID: '1',
        PRIVATE_KEY,
        WEBHOOK_SECRET: 's',
        NANODEX_DATA_DIR: dataDir,
        REDIS_URL: 'http://nope',
      },
      encoding: 'utf8',
      timeout: SPAWN_TIMEOUT_MS,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/nanodex worker cannot start/);
    expect(result.stderr).toMatch(/REDIS_URL is "http:\/\/nope", not a redis:\/\/ or rediss:\/\/ URL/);
  });

  it('answers a mention once although the worker running it is killed -9: another worker runs it again and updates the same reply', async () => {
    const receiver = await start('receiver');
    const first = await start('worker');

    const payload = mentionPayload('@nanodex find parseHttpRequest');
    const acked = await deliver(receiver.url, 'issue_comment', payload, { id: 'kill-1' });
    expect(acked.status).toBe(200);
    // A redelivery, to the same or another receiver, is acknowledged and dropped.
    const again = await deliver(receiver.url, 'issue_comment', payload, { id: 'kill-1' });
    expect(await again.text()).toMatch(/duplicate/);

    // The first worker said it is working and is waiting for the tarball (answered after 10 minutes): kill it there.
    await waitFor('the working comment', () => (github.thread(1).length === 1 ? true : undefined));
    await waitFor('the tarball request', () => (tarballRequests > 0 ? true : undefined));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await start('worker');
    const reply = await waitFor('the reply from the second worker', () => finalReply(github), 90_000);
    expect(reply).toContain('src/http/parse-http-request.ts');
    // The job really ran twice: each worker asked for the tarball.
    expect(tarballRequests).toBe(2);
    // One sticky comment: the second run found the first one's by its hidden marker and updated it.
    expect(github.thread(1)).toHaveLength(1);
    expect(github.bodies('POST', /\/issues\/1\/comments$/)).toHaveLength(1);

    // The job is marked completed just after its reply is posted.
    const completed = /nanodex_jobs_total\{event="issue_comment",outcome="completed"\} 1/;
    await waitForAsync('the completed job in /metrics', async () => completed.test(await (await fetch(`${second.url}/metrics`)).text()));
    const receiverMetrics = await (await fetch(`${receiver.url}/metrics`)).text();
    expect(receiverMetrics).toMatch(/nanodex_webhook_deliveries_total\{event="issue_comment",outcome="queued"\} 1/);
    expect(receiverMetrics).toMatch(/nanodex_webhook_deliveries_total\{event="issue_comment",outcome="duplicate"\} 1/);
    expect(receiverMetrics).toMatch(/nanodex_queue_jobs\{state="completed"\} 1/);

    // SIGTERM: the worker stops taking jobs and exits cleanly.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    receiver.child.kill('SIGTERM');
    expect(await receiver.exited).toBe(0);
  }, 300_000);
});
