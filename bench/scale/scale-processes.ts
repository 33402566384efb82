import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

export const BENCH_SECRET = 'bench-scale-secret';
const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

export interface BenchProcess {
  name: string;
  child: ChildProcess;
  url: string;
  peakRssMb: number;
  log(): string;
  exited: Promise<void>;
}

/** Starts `node dist/src/app/main.js` (the receiver) or `dist/src/app/worker-main.js` as users do, and waits for /healthz. */
export async function startBenchProcess(
  root: string,
  name: string,
  entry: 'receiver' | 'worker',
  env: Record<string, string>,
): Promise<BenchProcess> {
  const port = await freePort();
  const file = path.join(root, 'dist/src/app', entry === 'receiver' ? 'main.js' : 'worker-main.js');
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      APP_ID: '1',
      PRIVATE_KEY,
      WEBHOOK_SECRET: BENCH_SECRET,
      NANODEX_APP_SLUG: 'nanodex',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log = (log + c.toString('utf8')).slice(-20_000)));
  child.stderr?.on('data', (c: Buffer) => (log = (log + c.toString('utf8')).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc: BenchProcess = { name, child, url: `http://127.0.0.1:${port}`, peakRssMb: 0, log: () => log, exited };
  const sampler = setInterval(() => {
    const rss = rssMb(child.pid);
    if (rss > proc.peakRssMb) proc.peakRssMb = rss;
  }, 200);
  sampler.unref();
  void exited.then(() => clearInterval(sampler));
  const started = Date.now();
  for (;;) {
    const up = await fetch(`${proc.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return proc;
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`${name} did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    // The process exited between two samples.
    return 0;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function stopBenchProcess(proc: BenchProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(timer);
}
