import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import { Probot } from 'probot';
import { RetryLaterError, type Logger } from '../../../src/core/index.js';
import { AppMetrics } from '../../../src/app/app-metrics.js';
import { DeliveryScope } from '../../../src/app/scale/delivery-scope.js';
import { createDeliveryProcessor } from '../../../src/app/scale/process-delivery.js';
import { DELIVERY_QUEUE, RedisDeliveries } from '../../../src/app/scale/redis-deliveries.js';
import { RepoOrder } from '../../../src/app/scale/repo-order.js';
import type { QueuedDelivery } from '../../../src/app/scale/queued-delivery.js';
import { examplesOf, INSTALLATION_ID } from '../app-harness.js';
import { PRIVATE_KEY } from '../test-key.js';

export const quietLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** GitHub's recorded push to the default branch, for `owner/repo`, with `after` as its marker. */
export function pushPayload(fullName: string, after: string): Record<string, unknown> {
  const example = structuredClone(examplesOf('push')[0]) as Record<string, unknown> & {
    repository: Record<string, unknown> & { owner: Record<string, unknown> };
  };
  const [owner, name] = fullName.split('/');
  example.repository = { ...example.repository, full_name: fullName, name, owner: { ...example.repository.owner, login: owner } };
  example.installation = { id: INSTALLATION_ID, node_id: 'x' };
  example.after = after;
  return example;
}

export interface Run {
  repo: string;
  after: string;
  attempt: number;
  start: number;
  end: number;
}

/** What a push job does in these tests: `work(after, attempt)` decides; a transient failure asks for a retry as the flows do. */
export type PushWork = (after: string, attempt: number) => Promise<void>;

export interface QueueWorker {
  worker: Worker;
  runs: Run[];
  settled: { delivery: QueuedDelivery; outcome: string }[];
  close(): Promise<void>;
}

/**
 * A worker built like `nanodex worker` (Probot, the delivery scope, the
 * processor, BullMQ), with one handler for push that runs `work` as a job:
 * the App's real processor, with the flows replaced by a recorder.
 */
export async function startQueueWorker(
  url: string,
  work: PushWork,
  options: { concurrency?: number; lockMs?: number; deadlineMs?: number } = {},
): Promise<QueueWorker> {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  const probot = new Probot({ appId: 1, privateKey: PRIVATE_KEY, secret: 'x', logLevel: 'fatal' });
  const scope = new DeliveryScope();
  const runs: Run[] = [];
  const attempts = new Map<string, number>();
  probot.load((app) => {
    app.on('push', async (context) => {
      const repo = context.payload.repository.full_name.toLowerCase();
      const after = context.payload.after;
      scope.sink.enqueue({
        deliveryId: context.id,
        repoKey: repo,
        name: 'push',
        run: async () => {
          const attempt = (attempts.get(after) ?? 0) + 1;
          attempts.set(after, attempt);
          const run: Run = { repo, after, attempt, start: Date.now(), end: 0 };
          runs.push(run);
          try {
            await work(after, attempt);
          } catch (error) {
            // As the flows do: a retryable failure is thrown for the queue; otherwise the person is told (recorded).
            if (error instanceof RetryLaterError || scope.retryable(error)) throw new RetryLaterError(error);
            run.end = -1;
            return;
          } finally {
            if (run.end === 0) run.end = Date.now();
          }
        },
      });
    });
  });
  await probot.ready();
  const queue = new Queue(DELIVERY_QUEUE, { connection: redis });
  const settled: QueueWorker['settled'] = [];
  const processor = createDeliveryProcessor({
    probot,
    queue,
    order: new RepoOrder(redis),
    scope,
    logger: quietLogger,
    metrics: new AppMetrics(),
    deadlineMs: options.deadlineMs ?? 60_000,
    onSettled: (delivery, outcome) => settled.push({ delivery, outcome }),
  });
  const worker = new Worker(DELIVERY_QUEUE, processor, {
    connection: redis,
    concurrency: options.concurrency ?? 4,
    lockDuration: options.lockMs ?? 30_000,
    stalledInterval: options.lockMs ?? 30_000,
  });
  worker.on('error', () => undefined);
  return {
    worker,
    runs,
    settled,
    close: async () => {
      await worker.close(true);
      await queue.close();
      redis.disconnect();
    },
  };
}

/** A receiver's side: deliveries accepted as `npm start` with REDIS_URL accepts them. */
export function openReceiver(url: string, attempts = 3): { deliveries: RedisDeliveries; close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const deliveries = new RedisDeliveries(redis, { attempts });
  return {
    deliveries,
    close: async () => {
      await deliveries.close();
      redis.disconnect();
    },
  };
}

export async function waitUntil(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type { BullJob };
