import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { parseWebhookPayload } from '../../github/parse-webhook-payload.js';
import { toOrderKey, type QueuedDelivery } from './queued-delivery.js';
import { RepoOrder } from './repo-order.js';
import type { RedisEnv } from './read-redis-env.js';

/** The BullMQ queue every receiver adds to and every worker takes from. */
export const DELIVERY_QUEUE = 'nanodex-deliveries';

/**
 * How long a delivery id is remembered: GitHub keeps deliveries for three
 * days and lets them be redelivered (by hand or by API) in that window; four
 * days covers it with a day to spare.
 */
export const DELIVERY_TTL_SECONDS = 4 * 24 * 3600;

/** Finished jobs kept for inspection (and BullMQ's own id de-duplication), then dropped. */
const KEEP_COMPLETED = { age: 24 * 3600, count: 10_000 };
/** Dead letters: kept a week, for an operator to read (the person was already told, with the reference id). */
const KEEP_FAILED = { age: 7 * 24 * 3600 };

export type Accepted = 'queued' | 'duplicate' | 'ignored';

/**
 * The receiver's side of the Redis queue: no state of its own, so any number
 * of receivers can run behind a load balancer. A delivery is claimed by
 * SET NX with a TTL (a redelivery, to this receiver or another, is a
 * duplicate), added to BullMQ under its delivery id, and placed in its
 * repository's sequence. If the add fails, the claim is released, so
 * GitHub's redelivery is not taken for a duplicate.
 */
export class RedisDeliveries {
  readonly queue: Queue;
  private readonly order: RepoOrder;

  constructor(
    private readonly redis: Redis,
    private readonly settings: Pick<RedisEnv, 'attempts'>,
  ) {
    this.queue = new Queue(DELIVERY_QUEUE, { connection: redis });
    this.order = new RepoOrder(redis);
  }

  async accept(delivery: { deliveryId: string; event: string; payload: Record<string, unknown> }): Promise<Accepted> {
    if (parseWebhookPayload(delivery.event, delivery.payload).kind !== 'handled') return 'ignored';
    const orderKey = toOrderKey(delivery.payload);
    if (orderKey === undefined) return 'ignored';
    const claimed = await this.redis.set(`nanodex:delivery:${delivery.deliveryId}`, '1', 'EX', DELIVERY_TTL_SECONDS, 'NX');
    if (claimed !== 'OK') return 'duplicate';
    const data: QueuedDelivery = { ...delivery, orderKey, receivedAt: Date.now() };
    try {
      await this.queue.add(delivery.event, data, {
        jobId: delivery.deliveryId,
        attempts: this.settings.attempts,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: KEEP_FAILED,
      });
      await this.order.join(orderKey, delivery.deliveryId);
    } catch (error) {
      await this.redis.del(`nanodex:delivery:${delivery.deliveryId}`).catch(() => undefined);
      throw error;
    }
    return 'queued';
  }

  /** Jobs by state, for /metrics and /healthz. */
  async depth(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed', 'completed');
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
