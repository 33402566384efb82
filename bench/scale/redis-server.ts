// A private redis-server for the tests that need Redis and for `npm run bench:scale`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

/** The Debian package's binary; `.ci/run` installs `redis-server` when it is missing. */
const REDIS_SERVER = process.env.NANODEX_REDIS_SERVER ?? 'redis-server';
/** Generous: a loaded 2-core machine starts redis-server in milliseconds, replaying an AOF in well under this. */
const READY_TIMEOUT_MS = 20_000;

export interface TestRedis {
  url: string;
  port: number;
  dir: string;
  /** Stops the server (SIGTERM, or SIGKILL with `hard`) and waits for it to exit. */
  stop(options?: { hard?: boolean }): Promise<void>;
  /** Starts it again on the same port and folder (with AOF on, the queued jobs come back). */
  restart(): Promise<void>;
  /** Stops it for good and removes its folder. */
  dispose(): Promise<void>;
  /** Empties every database (between benchmark phases). */
  flushAll(): Promise<void>;
  /** The largest resident memory seen (sampled every 200 ms), in MB. */
  peakRssMb(): number;
}

const running = new Set<ChildProcess>();
// A failed or interrupted test run must not leave redis-server processes behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A private redis-server on a free loopback port with its own temporary
 * folder: `appendonly` for the tests that restart it and expect the queue to
 * survive; no RDB snapshots. Ready once it answers PING.
 */
export async function startRedis(options: { appendonly?: boolean } = {}): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nanodex-redis-'));
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--daemonize', 'no'];
    args.push('--appendonly', options.appendonly ? 'yes' : 'no', '--appendfsync', 'always', '--protected-mode', 'no');
    const started = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const spawnError = new Promise<never>((_resolve, reject) =>
      started.once('error', (error) =>
        reject(new Error(`${REDIS_SERVER} could not start (${error.message}): install the redis-server package`)),
      ),
    );
    spawnError.catch(() => undefined);
    child = started;
    running.add(started);
    started.once('exit', () => running.delete(started));
    await Promise.race([
      waitForPing(
        port,
        () => started.exitCode !== null,
        () => output,
      ),
      spawnError,
    ]);
  };
  const stop = async ({ hard = false } = {}): Promise<void> => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  let peak = 0;
  const sampler = setInterval(() => {
    const pid = child?.pid;
    if (pid === undefined) return;
    try {
      peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
    } catch {
      // The server is between a stop and a restart.
    }
  }, 200);
  sampler.unref();
  await launch();
  return {
    flushAll: async () => {
      const client = new Redis({ port, host: '127.0.0.1' });
      await client.flushall();
      client.disconnect();
    },
    peakRssMb: () => peak,
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    restart: launch,
    dispose: async () => {
      clearInterval(sampler);
      await stop({ hard: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(port: number, exited: () => boolean, output: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    const pong = await client
      .connect()
      .then(() => client.ping())
      .catch(() => undefined);
    client.disconnect();
    // PING answers LOADING while an AOF is replayed: ready means PONG.
    if (pong === 'PONG') return;
    if (exited()) throw new Error(`redis-server exited:\n${output()}`);
    if (Date.now() - started > READY_TIMEOUT_MS)
      throw new Error(`redis-server did not answer PING within ${READY_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
