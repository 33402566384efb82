import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { Queue, Worker } from 'bullmq';
import { describeError, loadChatModel, type Logger } from '../../core/index.js';
import { createAppDeps } from '../app-deps.js';
import { AppMetrics } from '../app-metrics.js';
import { checkDataDir, createProbot, findAppSlug, toListenProblem } from '../app-startup.js';
import { createNanodexApp } from '../create-app.js';
import type { EnvProblem } from '../env-problem.js';
import { readAppEnv, type AppSurroundings } from '../read-app-env.js';
import { TarballRepoIndexes } from '../tarball-repo-indexes.js';
import { DeliveryScope } from './delivery-scope.js';
import { LeasedRepoIndexes } from './leased-repo-indexes.js';
import { openRedis, redactUrl } from './open-redis.js';
import { createDeliveryProcessor } from './process-delivery.js';
import { DELIVERY_QUEUE } from './redis-deliveries.js';
import { RepoOrder } from './repo-order.js';
import { stopWorker } from './stop-worker.js';

export interface RunningWorker {
  /** GET /healthz and GET /metrics. */
  url: string;
  logger: Logger;
  /** Stops taking jobs, lets the running ones finish within NANODEX_SHUTDOWN_MS, hands the rest back. */
  stop(): Promise<void>;
}

export type WorkerStart = { ok: true; worker: RunningWorker } | { ok: false; problems: EnvProblem[] };

const REDIS_URL_MISSING: EnvProblem = {
  variable: 'REDIS_URL',
  problem: 'is not set',
  fix: "a worker takes its jobs from the receivers' Redis: set REDIS_URL (e.g. redis://redis:6379), or run only `npm start` for one process",
};

/** A job may be taken over by another worker this many times (a worker killed twice on it) before it is failed. */
const MAX_STALLED = 2;

/**
 * `nanodex worker` / `npm run worker`: takes the receivers' deliveries from
 * Redis and runs them with the App's own handlers and flows (same env as the
 * App, plus REDIS_URL). Serves /healthz and /metrics on PORT.
 */
export async function runWorker(
  processEnv: NodeJS.ProcessEnv,
  surroundings: AppSurroundings = { stdoutIsTerminal: process.stdout.isTTY === true },
): Promise<WorkerStart> {
  const read = readAppEnv(processEnv, surroundings);
  // REDIS_URL first: it is what makes a worker a worker, and the App's variables alone would not start one.
  const redisMissing: EnvProblem[] = processEnv.REDIS_URL?.trim() ? [] : [REDIS_URL_MISSING];
  if (!read.ok) return { ok: false, problems: [...redisMissing, ...read.problems] };
  const { env } = read;
  if (!env.redis) return { ok: false, problems: redisMissing };
  const dataProblem = checkDataDir(env.dataDir);
  if (dataProblem) return { ok: false, problems: [dataProblem] };
  const { probot, logger } = await createProbot(env);
  const slug = await findAppSlug(probot, env);
  if (!slug.ok) return { ok: false, problems: [slug.problem] };
  const opened = await openRedis(env.redis.url, 'worker');
  if (!opened.ok) return { ok: false, problems: [opened.problem] };
  const { redis } = opened;

  const scope = new DeliveryScope();
  const deps = {
    ...createAppDeps({
      appSlug: slug.slug,
      logger,
      indexes: new LeasedRepoIndexes(new TarballRepoIndexes({ dataDir: env.dataDir }), redis, { leaseMs: env.redis.indexLeaseMs }),
      installIndexLimit: env.installIndexLimit,
      modelConfig: env.modelConfig,
      model: env.modelConfig ? await loadChatModel(env.modelConfig) : undefined,
    }),
    queue: scope.sink,
    retryable: scope.retryable,
  };
  await probot.load(createNanodexApp(deps));
  const queue = new Queue(DELIVERY_QUEUE, { connection: redis });
  if (env.redis.globalConcurrency !== undefined) await queue.setGlobalConcurrency(env.redis.globalConcurrency);
  const metrics = new AppMetrics(() => queue.getJobCounts('waiting', 'delayed', 'active', 'failed', 'completed'));
  const processor = createDeliveryProcessor({
    probot,
    queue,
    order: new RepoOrder(redis),
    scope,
    logger,
    metrics,
    deadlineMs: env.jobDeadlineMs,
  });
  const worker = new Worker(DELIVERY_QUEUE, processor, {
    connection: redis,
    concurrency: env.concurrency,
    lockDuration: env.redis.lockMs,
    stalledInterval: env.redis.lockMs,
    maxStalledCount: MAX_STALLED,
    // Shown as each active job's processedBy: which worker (host and process) runs it.
    name: `${hostname()}:${process.pid}`,
  });
  worker.on('error', (error) => logger.error('worker error', { error: describeError(error) }));
  // Without a listener BullMQ prints the queue's connection errors to stderr as stack traces, outside the JSON lines.
  queue.on('error', (error) => logger.error('queue error', { error: describeError(error) }));

  let server: Server;
  try {
    server = await listen(metrics, { port: env.port, host: env.host, running: () => worker.isRunning() });
  } catch (error) {
    await worker.close(true);
    redis.disconnect();
    return { ok: false, problems: [toListenProblem(error, env)] };
  }
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  logger.info('nanodex worker running', { url, redis: redactUrl(env.redis.url), concurrency: env.concurrency, appSlug: slug.slug });
  return {
    ok: true,
    worker: {
      url,
      logger,
      stop: () => stopWorker({ worker, queue, redis, server, logger }, { shutdownMs: env.shutdownMs }),
    },
  };
}

function listen(metrics: AppMetrics, options: { port: number; host: string; running: () => boolean }): Promise<Server> {
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && url === '/metrics') {
      metrics.render().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be read\n'),
      );
      return;
    }
    if (req.method === 'GET' && (url === '/healthz' || url === '/')) {
      const ok = options.running();
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ok, role: 'worker' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: a worker serves GET /healthz and GET /metrics\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
