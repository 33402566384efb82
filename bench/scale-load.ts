/**
 * `npm run bench:scale`: the scaled-out App as processes on loopback — a
 * redis-server (AOF), one receiver (`npm start` with REDIS_URL) and worker
 * processes (`npm run worker`) against a fake GitHub on 127.0.0.1 that
 * throttles (a few requests answered at once, each after a latency).
 * 1. Throughput with 1, 2 and 3 workers (unique deliveries, until all replied).
 * 2. The fault run: 1,000 signed deliveries (mentions and pull request events
 *    over 50 repositories, 10% redelivered), one worker killed -9 at 40% and
 *    restarted 2 s later. Reports acknowledgement p50/p99, completed,
 *    duplicates posted, lost, per-repository order violations, peak memory
 *    per process; writes bench/results/scale.json. Bounded: each phase stops
 *    waiting after --timeout seconds (default 240) and counts what is missing
 *    as lost. Flags: --deliveries, --repos, --throughput-deliveries,
 *    --latency (ms), --github-concurrency, --in-flight, --timeout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DELIVERY_QUEUE } from '../src/app/scale/redis-deliveries.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findProjectRoot } from './project-root.js';
import { startRedis, type TestRedis } from './scale/redis-server.js';
import { buildDeliveries, send, type BenchDelivery } from './scale/scale-deliveries.js';
import { ScaleGitHub } from './scale/scale-github.js';
import { startBenchProcess, stopBenchProcess, type BenchProcess } from './scale/scale-processes.js';
import { checkRun, type RunCheck } from './scale/check-run.js';

const { values } = parseArgs({
  options: {
    deliveries: { type: 'string', default: '1000' },
    repos: { type: 'string', default: '50' },
    'throughput-deliveries': { type: 'string', default: '200' },
    latency: { type: 'string', default: '20' },
    'github-concurrency': { type: 'string', default: '24' },
    'in-flight': { type: 'string', default: '16' },
    timeout: { type: 'string', default: '240' },
  },
});
const root = findProjectRoot();
const repos = Number(values.repos);
const timeoutMs = Number(values.timeout) * 1000;
const WORKER_CONCURRENCY = '4';

interface Phase {
  github: ScaleGitHub;
  receiver: BenchProcess;
  workers: BenchProcess[];
  dataDir: string;
}

async function startPhase(redis: TestRedis, workers: number): Promise<Phase & { env: Record<string, string> }> {
  await redis.flushAll();
  const github = new ScaleGitHub({
    selfLogin: 'nanodex[bot]',
    latencyMs: Number(values.latency),
    maxConcurrent: Number(values['github-concurrency']),
  });
  const { url } = await github.serve();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nanodex-scale-data-'));
  const env = {
    GITHUB_API_URL: url,
    REDIS_URL: redis.url,
    NANODEX_DATA_DIR: dataDir,
    NANODEX_GITHUB_THROTTLE: 'off',
    NANODEX_CONCURRENCY: WORKER_CONCURRENCY,
    // A killed worker's jobs are taken over within seconds (production default: 30 s).
    NANODEX_JOB_LOCK_MS: '5000',
  };
  const receiver = await startBenchProcess(root, 'receiver', 'receiver', env);
  const started: BenchProcess[] = [];
  for (let i = 1; i <= workers; i++) started.push(await startBenchProcess(root, `worker-${i}`, 'worker', env));
  return { github, receiver, workers: started, dataDir, env };
}

async function stopPhase(phase: Phase): Promise<void> {
  for (const p of [phase.receiver, ...phase.workers]) await stopBenchProcess(p);
  rmSync(phase.dataDir, { recursive: true, force: true });
}

/** Sends every delivery, `inFlight` at a time, one repository's deliveries one after another (so arrival order is known). */
async function sendAll(
  url: string,
  deliveries: BenchDelivery[],
  onSent?: (sent: number) => Promise<void> | void,
): Promise<{ acks: number[]; failed: number; arrival: BenchDelivery[] }> {
  const acks: number[] = [];
  const arrival: BenchDelivery[] = [];
  let failed = 0;
  let sent = 0;
  const lastOfRepo = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  for (const delivery of deliveries) {
    while (inFlight.size >= Number(values['in-flight'])) await Promise.race(inFlight);
    const previous = lastOfRepo.get(delivery.repo) ?? Promise.resolve();
    const p: Promise<void> = previous
      .then(() => send(url, delivery))
      .then(async ({ status, ms }) => {
        acks.push(ms);
        if (status !== 200) failed++;
        if (!delivery.redelivery) arrival.push(delivery);
        sent++;
        await onSent?.(sent);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    lastOfRepo.set(delivery.repo, p);
  }
  await Promise.all(inFlight);
  return { acks, failed, arrival };
}

async function waitForReplies(github: ScaleGitHub, deliveries: BenchDelivery[]): Promise<number> {
  const started = Date.now();
  const unique = deliveries.filter((d) => !d.redelivery);
  for (;;) {
    const missing = unique.filter((d) => !isAnswered(github, d)).length;
    if (missing === 0 || Date.now() - started > timeoutMs) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAnswered(github: ScaleGitHub, d: BenchDelivery): boolean {
  return github.finalBodies(`${d.repo}#${d.issue}`).some((b) => !/working on it|is working/i.test(b));
}

function inFlightOn(active: { processedBy?: string }[], name: string): number {
  return active.filter((job) => job.processedBy === name).length;
}

const redis = await startRedis({ appendonly: true });
const report: Record<string, unknown> = { when: new Date().toISOString(), flags: values, workerConcurrency: Number(WORKER_CONCURRENCY) };
try {
  const throughput: { workers: number; jobs: number; seconds: number; jobsPerSecond: number; lost: number }[] = [];
  for (const workers of [1, 2, 3]) {
    const phase = await startPhase(redis, workers);
    const deliveries = buildDeliveries(Number(values['throughput-deliveries']), repos).filter((d) => !d.redelivery);
    const t0 = Date.now();
    await sendAll(phase.receiver.url, deliveries);
    const t1 = await waitForReplies(phase.github, deliveries);
    const lost = deliveries.filter((d) => !isAnswered(phase.github, d)).length;
    const seconds = (t1 - t0) / 1000;
    throughput.push({ workers, jobs: deliveries.length - lost, seconds, jobsPerSecond: (deliveries.length - lost) / seconds, lost });
    console.log(
      `throughput, ${workers} worker(s): ${((deliveries.length - lost) / seconds).toFixed(1)} jobs/s (${deliveries.length - lost} in ${seconds.toFixed(1)} s, ${lost} lost)`,
    );
    await stopPhase(phase);
  }
  report.throughput = throughput;

  const phase = await startPhase(redis, 3);
  const deliveries = buildDeliveries(Number(values.deliveries), repos);
  const killAt = Math.floor(deliveries.length * 0.4);
  let killed: { at: number; restartedAfterMs: number; jobsInFlightOnIt: number } | undefined;
  let inFlightWhenKilled = 0;
  const queueConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue(DELIVERY_QUEUE, { connection: queueConnection });
  const t0 = Date.now();
  const sent = await sendAll(phase.receiver.url, deliveries, async (count) => {
    if (count !== killAt) return;
    const victim = phase.workers[0] as BenchProcess;
    // Killed while it runs something: wait (up to 10 s) until BullMQ shows an active job of this process.
    const name = `${hostname()}:${victim.child.pid}`;
    for (let waited = 0; waited < 10_000 && inFlightOn(await queue.getActive(), name) === 0; waited += 20) await sleep(20);
    inFlightWhenKilled = inFlightOn(await queue.getActive(), name);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    setTimeout(() => {
      void startBenchProcess(root, 'worker-1 (restarted)', 'worker', phase.env).then((p) => phase.workers.push(p));
    }, 2_000);
    killed = { at: count, restartedAfterMs: 2_000, jobsInFlightOnIt: inFlightWhenKilled };
    console.log(`killed worker-1 (-9) after ${count} deliveries, ${((killedAt - t0) / 1000).toFixed(1)} s in; restarting it in 2 s`);
  });
  const t1 = await waitForReplies(phase.github, deliveries);
  await queue.close();
  queueConnection.disconnect();
  const check: RunCheck = checkRun(phase.github, sent.arrival, deliveries, sent.acks);
  report.fault = {
    deliveries: deliveries.length,
    unique: deliveries.filter((d) => !d.redelivery).length,
    redelivered: deliveries.filter((d) => d.redelivery).length,
    non200: sent.failed,
    killed,
    seconds: (t1 - t0) / 1000,
    jobsPerSecond: check.completed / ((t1 - t0) / 1000),
    ...check,
    unknownGitHubCalls: phase.github.unknown.slice(0, 5),
  };
  report.peakRssMb = Object.fromEntries([phase.receiver, ...phase.workers].map((p) => [p.name, Math.round(p.peakRssMb)]));
  report.redisPeakRssMb = Math.round(redis.peakRssMb());
  await stopPhase(phase);
} finally {
  await redis.dispose();
}
console.log(JSON.stringify(report, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/scale.json'), `${JSON.stringify(report, null, 2)}\n`);
const fault = report.fault as RunCheck & { non200: number };
const pass = fault.duplicatesPosted === 0 && fault.lost === 0 && fault.orderViolations === 0 && fault.ackP99Ms < 1000 && fault.non200 === 0;
console.log(pass ? 'PASS: 0 duplicates, 0 lost, 0 order violations, ack p99 < 1 s' : 'MISS: see the figures above');
process.exit(pass ? 0 : 1);
