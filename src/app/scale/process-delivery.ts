import { DelayedError, UnrecoverableError, type Job as BullJob, type Queue } from 'bullmq';
import type { Probot } from 'probot';
import { describeError, RetryLaterError, type Logger } from '../../core/index.js';
import type { AppMetrics } from '../app-metrics.js';
import { JobDeadlineError } from '../job-queue.js';
import type { DeliveryScope } from './delivery-scope.js';
import { isTransientFailure } from './is-transient-failure.js';
import { parseQueuedDelivery, type QueuedDelivery } from './queued-delivery.js';
import type { RepoOrder } from './repo-order.js';
import { runJobNow } from './run-job-now.js';

/** A delivery waiting for its repository's turn looks again this often (the finishing head promotes it sooner). */
export const TURN_POLL_MS = 500;
/** Heads dropped in one look (finished or vanished jobs left behind by a crash), before giving the turn a rest. */
const MAX_STALE_HEADS = 20;

export interface DeliveryProcessorContext {
  probot: Probot;
  queue: Queue;
  order: RepoOrder;
  scope: DeliveryScope;
  logger: Logger;
  metrics: AppMetrics;
  deadlineMs: number;
  /** Called when a delivery is done for good (tests and the benchmark count with it). */
  onSettled?: (delivery: QueuedDelivery, outcome: string) => void;
}

/**
 * BullMQ's processor: one queued delivery, exactly the flow the in-process
 * App runs. It waits for its repository's turn (RepoOrder), lets Probot
 * re-create the installation client and call the App's handlers, then runs
 * the jobs they queued. Outcomes: done; a transient failure with attempts
 * left is thrown for BullMQ to retry with backoff (no reply yet); on the
 * last attempt the flow replies with its failure and reference id and the
 * job goes to the dead letters (BullMQ's failed set); a deadline or any
 * other error fails it at once, without retries.
 */
export function createDeliveryProcessor(ctx: DeliveryProcessorContext): (job: BullJob, token?: string) => Promise<string> {
  return async (job, token) => {
    const parsed = parseQueuedDelivery(job.data);
    if (!parsed.ok) {
      ctx.logger.error('queued delivery refused', { jobId: job.id, problem: parsed.problem });
      ctx.metrics.jobs.inc({ event: job.name, outcome: 'invalid' });
      throw new UnrecoverableError(`${parsed.problem}; it was not run (redeliver it from the App's settings once the receivers are fixed)`);
    }
    const { delivery } = parsed;
    if (!(await isMyTurn(ctx, delivery))) {
      await job.moveToDelayed(Date.now() + TURN_POLL_MS, token);
      throw new DelayedError();
    }
    const attempts = job.opts.attempts ?? 1;
    const lastAttempt = job.attemptsMade + 1 >= attempts;
    let gaveUp: unknown;
    let terminal = true;
    const fields = { deliveryId: delivery.deliveryId, event: delivery.event, repo: delivery.orderKey, attempt: job.attemptsMade + 1 };
    try {
      await ctx.scope.run(
        (error) => {
          if (!isTransientFailure(error)) return false;
          if (lastAttempt) gaveUp = error;
          return !lastAttempt;
        },
        async (jobs) => {
          await ctx.probot.webhooks.receive({ id: delivery.deliveryId, name: delivery.event, payload: delivery.payload } as Parameters<
            Probot['webhooks']['receive']
          >[0]);
          for (const queued of jobs) await runJobNow(queued, { deadlineMs: ctx.deadlineMs, logger: ctx.logger });
        },
      );
    } catch (error) {
      const cause = unwrap(error);
      if (cause instanceof RetryLaterError) {
        terminal = false;
        ctx.metrics.retries.inc({ event: delivery.event });
        ctx.logger.warn('delivery failed transiently; BullMQ retries it', { ...fields, error: describeError(cause.cause) });
        throw cause;
      }
      const outcome = cause instanceof JobDeadlineError ? 'deadline' : 'failed';
      settle(ctx, delivery, outcome);
      ctx.logger.error('delivery failed', { ...fields, error: describeError(cause) });
      throw new UnrecoverableError(`${outcome}: ${describeError(cause)}`);
    } finally {
      if (terminal) await handOn(ctx, delivery);
    }
    if (gaveUp !== undefined) {
      settle(ctx, delivery, 'dead_letter');
      throw new UnrecoverableError(`gave up after ${attempts} attempts (the person was told): ${describeError(gaveUp)}`);
    }
    settle(ctx, delivery, 'completed');
    return 'completed';
  };
}

function settle(ctx: DeliveryProcessorContext, delivery: QueuedDelivery, outcome: string): void {
  ctx.metrics.jobs.inc({ event: delivery.event, outcome });
  ctx.metrics.jobSeconds.observe({ event: delivery.event }, Math.max(0, Date.now() - delivery.receivedAt) / 1000);
  ctx.onSettled?.(delivery, outcome);
}

/** Probot gathers handler errors into an AggregateError; a single one is what matters. */
function unwrap(error: unknown): unknown {
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length === 1 ? unwrap(errors[0]) : error;
}

/**
 * Whether this delivery is at the head of its repository's sequence. A head
 * whose job is finished or gone (a worker that died between finishing and
 * leaving, a job removed by hand) is dropped so the sequence never sticks.
 */
async function isMyTurn(ctx: DeliveryProcessorContext, delivery: QueuedDelivery): Promise<boolean> {
  let head = await ctx.order.join(delivery.orderKey, delivery.deliveryId);
  for (let dropped = 0; head !== null && head !== delivery.deliveryId && dropped < MAX_STALE_HEADS; dropped++) {
    const state = await ctx.queue.getJobState(head);
    if (state !== 'unknown' && state !== 'completed' && state !== 'failed') return false;
    ctx.logger.warn('repository order: dropping a finished head', { repo: delivery.orderKey, head, state });
    head = await ctx.order.leave(delivery.orderKey, head);
  }
  return head === delivery.deliveryId;
}

/** Leaves the sequence and wakes the next delivery of the repository, if it is waiting in the delayed set. */
async function handOn(ctx: DeliveryProcessorContext, delivery: QueuedDelivery): Promise<void> {
  try {
    const next = await ctx.order.leave(delivery.orderKey, delivery.deliveryId);
    if (next === null) return;
    const job = await ctx.queue.getJob(next);
    if (job && (await job.isDelayed())) await job.promote();
  } catch (error) {
    // The next one still runs: it looks again within TURN_POLL_MS.
    ctx.logger.warn('could not wake the next delivery', { repo: delivery.orderKey, error: describeError(error) });
  }
}
