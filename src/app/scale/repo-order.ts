import type { Redis } from 'ioredis';

/** Joins the key's sequence once: a receiver and a worker may both try (whichever comes first places it). */
const JOIN = `
if redis.call('LPOS', KEYS[1], ARGV[1]) == false then redis.call('RPUSH', KEYS[1], ARGV[1]) end
return redis.call('LINDEX', KEYS[1], 0)`;

/** Leaves the sequence (its head, normally; anywhere, after a crash); returns the new head. */
const LEAVE = `
redis.call('LREM', KEYS[1], 1, ARGV[1])
return redis.call('LINDEX', KEYS[1], 0)`;

/**
 * One job at a time per repository, in arrival order, across every worker.
 * BullMQ's open-source edition has no groups, so each repository has a
 * Redis list of its delivery ids in the order the receivers accepted them;
 * only the delivery at its head may run, and it leaves the list when it is
 * done for good (completed, or failed with no attempt left). A delivery that
 * is not at the head goes back to BullMQ's delayed set and is promoted when
 * the head leaves. BullMQ already gives one job to one worker at a time (its
 * lock, renewed while the worker lives, taken back from a dead one), so the
 * head needs no lock of its own.
 */
export class RepoOrder {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'nanodex:order:',
  ) {}

  /** Places the delivery at the end of its key's sequence unless it is in it already; returns the head. */
  async join(orderKey: string, deliveryId: string): Promise<string | null> {
    return (await this.redis.eval(JOIN, 1, this.prefix + orderKey, deliveryId)) as string | null;
  }

  async head(orderKey: string): Promise<string | null> {
    return this.redis.lindex(this.prefix + orderKey, 0);
  }

  /** Removes the delivery; returns the next one to run, if any. */
  async leave(orderKey: string, deliveryId: string): Promise<string | null> {
    return (await this.redis.eval(LEAVE, 1, this.prefix + orderKey, deliveryId)) as string | null;
  }
}
