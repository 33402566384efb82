/**
 * `npm run bench:app`: starts the App's real HTTP server on loopback in a
 * child process (Probot's middleware, the queue, the core; GitHub answered
 * in-process by OfflineGitHub, the index a local fixture), sends N
 * concurrent signed deliveries from this process (then a tenth again with
 * the same delivery ids), and reports the acknowledgement latency (target
 * p99 < 1 s), that every job ran exactly once, the reply rate and the
 * server's peak memory.
 *
 * Two modes. By default Octokit's throttling is off (200 deliveries): the
 * figures are the server's and the core's own capacity. With --throttle the
 * App's production Octokit paces the writes as @octokit/plugin-throttling
 * does against github.com (20 deliveries by default: a reply costs about
 * 3 s per installation, see docs/app.md), which is the rate users get.
 * Flags: --deliveries N, --repos N, --installations N (deliveries spread
 * over them; throttling is per installation), --concurrency N, --throttle.
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { quantile } from './measure.js';
import { findProjectRoot } from './project-root.js';
import { BENCH_SECRET, type ServerReport } from './app-load-server.js';

const TARGET_P99_MS = 1000;
const { values } = parseArgs({
  options: {
    deliveries: { type: 'string' },
    repos: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '2' },
    installations: { type: 'string', default: '1' },
    throttle: { type: 'boolean', default: false },
  },
});
const deliveries = Number(values.deliveries ?? (values.throttle ? 20 : 200));
const repos = Number(values.repos);
const installations = Number(values.installations);
const root = findProjectRoot();

const serverFile = fileURLToPath(new URL(`./app-load-server.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));
const child = fork(serverFile, ['--concurrency', String(values.concurrency), ...(values.throttle ? ['--throttle'] : [])], {
  execArgv: process.execArgv,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const messages: ((message: unknown) => void)[] = [];
child.on('message', (message) => messages.shift()?.(message));
const nextMessage = <T>() => new Promise<T>((resolve) => messages.push((m) => resolve(m as T)));
const { url } = await nextMessage<{ url: string }>();

const QUESTIONS = ['find createStore', 'refs TodoStore', 'map', 'explain how todos are stored', 'plan add a due date to todos'];
function payloadFor(i: number): string {
  const repository = {
    name: `repo-${i % repos}`,
    full_name: `bench/repo-${i % repos}`,
    owner: { login: 'bench' },
    private: false,
    default_branch: 'main',
    html_url: `https://github.com/bench/repo-${i % repos}`,
  };
  return JSON.stringify({
    action: 'created',
    installation: { id: 1 + (i % installations) },
    repository,
    sender: { login: 'octocat', type: 'User' },
    issue: { number: i + 1, title: `Issue ${i}`, body: '', user: { login: 'octocat', type: 'User' } },
    comment: {
      id: 10_000 + i,
      body: `@nanodex ${QUESTIONS[i % QUESTIONS.length]}`,
      user: { login: 'octocat', type: 'User' },
      author_association: 'OWNER',
    },
  });
}

async function deliver(id: string, body: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issue_comment',
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', BENCH_SECRET).update(body).digest('hex')}`,
    },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const started = performance.now();
const bodies = Array.from({ length: deliveries }, (_, i) => payloadFor(i));
const acks = await Promise.all(bodies.map((body, i) => deliver(`bench-${i}`, body)));
// GitHub redelivers after a timeout; these carry ids already seen and must not run again.
const duplicates = await Promise.all(bodies.slice(0, Math.ceil(deliveries / 10)).map((body, i) => deliver(`bench-${i}`, body)));
const ackedAt = performance.now();
child.send('drain');
const server = await nextMessage<ServerReport>();
const doneAt = performance.now();
child.kill();

const latencies = [...acks, ...duplicates].map((a) => a.ms).sort((a, b) => a - b);
const statuses: Record<string, number> = {};
for (const a of [...acks, ...duplicates]) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
const report = {
  mode: values.throttle ? "throttled (the App's Octokit, plugin-throttling on)" : 'fast (throttling off: server and core capacity)',
  deliveries,
  installations,
  duplicatesSent: duplicates.length,
  repositories: repos,
  concurrency: Number(values.concurrency),
  statuses,
  ackMs: {
    p50: round(quantile(latencies, 0.5)),
    p95: round(quantile(latencies, 0.95)),
    p99: round(quantile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
  },
  ackP99UnderTarget: quantile(latencies, 0.99) < TARGET_P99_MS,
  jobsRun: server.jobsRun,
  jobsRunTwice: server.jobsRunTwice,
  everyJobRanExactlyOnce: server.jobsRun === deliveries && server.jobsRunTwice === 0 && server.repliesCompleted === deliveries,
  outcomes: server.outcomes,
  repliesCompleted: server.repliesCompleted,
  allAckedInMs: round(ackedAt - started),
  allJobsDoneInMs: round(doneAt - started),
  repliesPerSecond: Math.round((server.repliesCompleted / (doneAt - started)) * 100_000) / 100,
  secondsPerReply: Math.round((doneAt - started) / 10 / Math.max(1, server.repliesCompleted)) / 100,
  writes: server.writes,
  writeGapMs: server.writeGapMs,
  serverPeakRssMb: server.peakRssMb,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, `bench/results/app-load${values.throttle ? `-throttled-${deliveries}x${installations}` : ''}.json`),
  `${JSON.stringify(report, null, 2)}\n`,
);
process.exit(report.everyJobRanExactlyOnce && report.ackP99UnderTarget ? 0 : 1);

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
