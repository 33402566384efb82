import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-dist.js';
import { startRedis, type TestRedis } from '../helpers/start-redis.js';
import { startAppProcess, waitFor, type AppProcess } from './app-process.js';

// No GitHub is called: the slug is given, and no webhook arrives. Port 9 (discard) would refuse if one were.
const QUIET = { NANODEX_APP_SLUG: 'nanodex', GITHUB_API_URL: 'http://127.0.0.1:9' };

/** Every stdout line parsed as JSON; a line that is not JSON fails the test with the line. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a stdout line is not JSON: ${line}`);
      }
    });
}

/** Waits for `line` on stdout (the entry is up), stops the entry with SIGTERM and returns everything it printed. */
async function runUntilStopped(app: AppProcess, line: string): Promise<string> {
  await waitFor(`"${line}" on stdout`, () => (app.stdout().includes(line) ? true : undefined), 20_000);
  app.child.kill('SIGTERM');
  expect(await app.exited).toBe(0);
  return app.stdout();
}

describe('the log format of the App and the worker', () => {
  const started: AppProcess[] = [];
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    ensureBuilt('src/app/main.js');
    redis = await startRedis();
  }, 300_000);

  afterEach(() => {
    for (const app of started.splice(0)) if (app.child.exitCode === null) app.child.kill('SIGKILL');
  });

  afterAll(async () => {
    await redis?.dispose();
  });

  const start = async (env: Record<string, string>, entry?: string): Promise<AppProcess> => {
    const app = await startAppProcess({ ...QUIET, ...env }, entry ? { entry } : {});
    started.push(app);
    return app;
  };

  it('writes JSON lines, one object a line, when stdout is not a terminal (npm start, piped)', async () => {
    const stdout = await runUntilStopped(await start({}), 'nanodex App listening');
    const lines = jsonLines(stdout);
    expect(lines.find((l) => l.msg === 'nanodex App listening')).toMatchObject({ level: 30, appSlug: 'nanodex' });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['signal received', 'shut down']));
  }, 60_000);

  it('writes JSON lines from a worker too (npm run worker), with levels as words when LOG_LEVEL_IN_STRING=true', async () => {
    const worker = await start({ REDIS_URL: redis?.url ?? '', LOG_LEVEL_IN_STRING: 'true' }, 'src/app/worker-main.js');
    const lines = jsonLines(await runUntilStopped(worker, 'nanodex worker running'));
    expect(lines.find((l) => l.msg === 'nanodex worker running')).toMatchObject({ level: 'info', concurrency: 2 });
    expect(lines.at(-1)).toMatchObject({ msg: 'shut down' });
  }, 60_000);

  it('writes JSON lines with NODE_ENV=production even when LOG_FORMAT is unset', async () => {
    const lines = jsonLines(await runUntilStopped(await start({ NODE_ENV: 'production' }), 'nanodex App listening'));
    expect(lines.some((l) => l.msg === 'nanodex App listening')).toBe(true);
  }, 60_000);

  it('writes pino-pretty lines when LOG_FORMAT=pretty asks for them, piped or not', async () => {
    const stdout = await runUntilStopped(await start({ LOG_FORMAT: 'pretty' }), 'nanodex App listening');
    expect(stdout).toMatch(/INFO.*nanodex App listening/);
    expect(() => jsonLines(stdout)).toThrow(/not JSON/);
  }, 60_000);
});
