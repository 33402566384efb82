import type { Server } from 'node:http';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { describeError, type Logger } from '../../core/index.js';

/**
 * Of NANODEX_SHUTDOWN_MS, what is kept for closing the connections once the
 * jobs' time is up: QUIT to a live Redis takes milliseconds, and one that is
 * gone never answers, so waiting longer buys nothing.
 */
const CLOSE_RESERVE_MS = 2_000;

export interface WorkerParts {
  worker: Worker;
  queue: Queue;
  redis: Redis;
  server: Server;
  logger: Logger & { flushed(): Promise<void> };
}

/**
 * A worker's shutdown, over within `shutdownMs` whatever Redis does: the
 * running jobs get most of it to finish (BullMQ's close), the rest goes to
 * closing the queue and QUIT; past that the connections are dropped. Jobs
 * still running are handed back: their locks lapse within
 * NANODEX_JOB_LOCK_MS and another worker runs them again (sticky replies are
 * updated, not duplicated). BullMQ's `close(true)` cannot cut a close already
 * waiting (it returns the same promise), and every close waits on Redis,
 * which is why each step is raced against the clock instead of awaited.
 */
export async function stopWorker(parts: WorkerParts, options: { shutdownMs: number }): Promise<void> {
  const { worker, queue, redis, server, logger } = parts;
  const endsAt = Date.now() + options.shutdownMs;
  const closeMs = Math.min(CLOSE_RESERVE_MS, Math.round(options.shutdownMs / 4));
  logger.info('shutting down: no new jobs, finishing the running ones', { withinMs: options.shutdownMs });
  const logged = (promise: Promise<unknown>, what: string): Promise<unknown> =>
    promise.catch((error: unknown) => logger.warn(`shutdown: ${what} failed`, { error: describeError(error) }));
  const jobsDone = await settlesWithin(logged(worker.close(), 'closing the worker'), options.shutdownMs - closeMs);
  // Jobs still running, or a Redis that is gone (`redis` says which): either way, what did not finish is handed back.
  if (!jobsDone)
    logger.warn('shutdown: the worker did not close in time; its unfinished jobs go back to the queue', { redis: redis.status });
  const closing = Promise.all([logged(queue.close(), 'closing the queue'), logged(redis.quit(), 'QUIT')]);
  const closed = await settlesWithin(closing, Math.max(0, endsAt - Date.now()));
  if (!closed) logger.warn('shutdown: Redis did not answer; its connections were dropped', { redis: redis.status });
  redis.disconnect();
  server.closeAllConnections();
  await settlesWithin(new Promise<void>((resolve) => server.close(() => resolve())), Math.max(0, endsAt - Date.now()));
  logger.info('shut down');
  await logger.flushed();
}

/** Whether `promise` (one that never rejects) settles within `ms`; a late one is left to settle unwatched. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  const settled = promise.then(() => true);
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
