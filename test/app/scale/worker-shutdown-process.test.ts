import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../helpers/build-dist.js';
import { startRedis, type TestRedis } from '../../helpers/start-redis.js';
import { startAppProcess, waitFor, type AppProcess } from '../app-process.js';

/** Small for the test; the default is 9 s, under docker stop's 10 s. */
const SHUTDOWN_MS = 3_000;
/** What a loaded 2-core machine may add to the shutdown itself: the process's own exit, the test's polling. */
const EXIT_MARGIN_MS = 4_000;

describe('npm run worker when Redis is gone', () => {
  let redis: TestRedis | undefined;
  let worker: AppProcess | undefined;

  beforeAll(async () => {
    ensureBuilt('src/app/worker-main.js');
    redis = await startRedis();
  }, 300_000);

  afterAll(async () => {
    if (worker?.child.exitCode === null) worker.child.kill('SIGKILL');
    await redis?.dispose();
  });

  it('still exits within NANODEX_SHUTDOWN_MS of SIGTERM, saying why it could not close cleanly', async () => {
    worker = await startAppProcess(
      {
        REDIS_URL: redis?.url ?? '',
        NANODEX_APP_SLUG: 'nanodex',
        // No GitHub is called: no job can arrive once Redis is gone. Port 9 (discard) would refuse if one were.
        GITHUB_API_URL: 'http://127.0.0.1:9',
        NANODEX_SHUTDOWN_MS: String(SHUTDOWN_MS),
      },
      { entry: 'src/app/worker-main.js' },
    );
    const running = worker;
    await waitFor('the worker to run', () => (running.log().includes('nanodex worker running') ? true : undefined), 20_000);

    await redis?.stop({ hard: true });
    // Its connections notice: BullMQ's blocking read and ioredis's reconnects fail from here on.
    await waitFor('the worker to notice', () => (running.log().includes('worker error') ? true : undefined), 20_000);

    const stoppedAt = Date.now();
    running.child.kill('SIGTERM');
    const code = await Promise.race([running.exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000))]);
    const elapsedMs = Date.now() - stoppedAt;

    expect(code).toBe(0);
    expect(elapsedMs).toBeLessThan(SHUTDOWN_MS + EXIT_MARGIN_MS);
    expect(running.log()).toMatch(/the worker did not close in time; its unfinished jobs go back to the queue/);
    // Every error went through the logger: no stack trace printed beside the log lines.
    expect(running.log()).not.toMatch(/\n\s+at /);
    expect(running.log()).toContain('shut down');
  }, 120_000);
});
