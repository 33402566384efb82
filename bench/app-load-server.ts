// The server side of `npm run bench:app` (see app-load.ts), run as a child process so the load generator does not share its event loop.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Probot, ProbotOctokit } from 'probot';
import { createAppDeps, toSelfLogin } from '../src/app/app-deps.js';
import { AppOctokit } from '../src/app/app-octokit.js';
import { checkWebhookPayload } from '../src/app/check-webhook-payload.js';
import { createNanodexApp } from '../src/app/create-app.js';
import { LocalRepoIndexes } from '../src/app/local-repo-indexes.js';
import { OfflineGitHub } from './offline-github.js';
import { startAppServer } from '../src/app/start-server.js';
import { silentLogger } from '../src/core/ports.js';
import { quantile } from './measure.js';
import { findProjectRoot } from './project-root.js';

export const BENCH_SECRET = 'bench-secret';

export interface ServerReport {
  jobsRun: number;
  jobsRunTwice: number;
  outcomes: Record<string, number>;
  repliesCompleted: number;
  peakRssMb: number;
  /** Requests that change something on GitHub (every method but GET, token requests left out), and the time between consecutive ones. */
  writes: number;
  writeGapMs: { min: number; p50: number; max: number };
}

if (process.send !== undefined && process.argv.includes('--concurrency')) await serve();

async function serve(): Promise<void> {
  const { values } = parseArgs({
    options: { concurrency: { type: 'string', default: '2' }, throttle: { type: 'boolean', default: false } },
  });
  const fixture = path.join(findProjectRoot(), 'test/fixtures/repos/typescript');
  const github = new OfflineGitHub(fixture, { selfLogin: toSelfLogin('nanodex') });
  const writeTimes: number[] = [];
  const fetch: typeof github.fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input.toString() : input.url;
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET' && !url.includes('/access_tokens')) writeTimes.push(performance.now());
    return github.fetch(input, init);
  };
  // --throttle: the App's own Octokit (main.ts), plugin-throttling as it runs in production; only the network is swapped.
  // Without it: throttling and retries off, so the figures measure the server and the core, not GitHub's pacing.
  const Octokit = values.throttle
    ? AppOctokit.defaults((o: Record<string, unknown>) => ({ ...o, request: { fetch } }))
    : ProbotOctokit.defaults((o: Record<string, unknown> & { throttle?: object }) => ({
        ...o,
        request: { fetch },
        retry: { enabled: false },
        throttle: { ...o?.throttle, enabled: false },
      }));
  const runs = new Map<string, number>();
  const outcomes: Record<string, number> = {};
  const deps = createAppDeps({
    appSlug: 'nanodex',
    logger: silentLogger,
    concurrency: Number(values.concurrency),
    indexes: new LocalRepoIndexes(fixture, { dataDir: mkdtempSync(path.join(os.tmpdir(), 'nanodex-bench-app-')) }),
    onSettled: (job, outcome) => {
      runs.set(job.deliveryId, (runs.get(job.deliveryId) ?? 0) + 1);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    },
  });
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const probot = new Probot({ appId: 1, privateKey, secret: BENCH_SECRET, Octokit, logLevel: 'fatal' });
  const server = await startAppServer({
    probot,
    appFn: createNanodexApp(deps),
    queue: deps.queue,
    logger: silentLogger,
    checkPayload: checkWebhookPayload,
    webhookSecret: BENCH_SECRET,
    port: 0,
    host: '127.0.0.1',
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  process.send?.({ url: server.url });
  process.on('message', () => {
    void deps.queue.onIdle().then(async () => {
      clearInterval(sampler);
      await server.close();
      const report: ServerReport = {
        jobsRun: runs.size,
        jobsRunTwice: [...runs.values()].filter((n) => n > 1).length,
        outcomes,
        // A completed reply is the sticky comment's update from "working" to the answer.
        repliesCompleted: github.writes.filter((w) => w.method === 'PATCH').length,
        peakRssMb: Math.round(peakRss / 1024 / 1024),
        writes: writeTimes.length,
        writeGapMs: toGaps(writeTimes),
      };
      process.send?.(report);
    });
  });
}

function toGaps(times: number[]): ServerReport['writeGapMs'] {
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .sort((a, b) => a - b);
  const round = (n: number) => Math.round(n);
  return { min: round(gaps[0] ?? 0), p50: round(quantile(gaps, 0.5)), max: round(gaps.at(-1) ?? 0) };
}
