import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export interface Lease {
  /** False once a renewal found the lease taken (it lapsed: the holder was frozen longer than the lease). */
  readonly held: boolean;
  release(): Promise<void>;
}

/**
 * A lease in Redis: SET NX PX with a random token, renewed every third of
 * its length while held, released only by its holder (compare and delete).
 * A holder that dies loses it when the lease runs out; one frozen longer
 * than the lease (a synchronous stretch of SQLite work) loses it too, which
 * is why the index lease is long (60 s) and renewed often.
 */
export async function acquireLease(redis: Redis, key: string, options: { leaseMs: number; waitMs: number }): Promise<Lease | undefined> {
  const token = randomUUID();
  const started = Date.now();
  let poll = 50;
  while ((await redis.set(key, token, 'PX', options.leaseMs, 'NX')) !== 'OK') {
    if (Date.now() - started >= options.waitMs) return undefined;
    await sleep(poll);
    poll = Math.min(poll * 2, 1_000);
  }
  let held = true;
  const timer = setInterval(
    () => {
      redis.eval(RENEW, 1, key, token, String(options.leaseMs)).then(
        (renewed) => {
          if (renewed === 0) held = false;
        },
        // Redis away for a moment: the next renewal tries again; the lease lasts three renewals.
        () => undefined,
      );
    },
    Math.max(100, Math.floor(options.leaseMs / 3)),
  );
  timer.unref();
  return {
    get held() {
      return held;
    },
    async release() {
      clearInterval(timer);
      held = false;
      await redis.eval(RELEASE, 1, key, token);
    },
  };
}
