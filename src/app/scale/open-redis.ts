import { Redis } from 'ioredis';
import { describeError } from '../../core/index.js';

/** A Redis that does not answer within this long at start is reported, not waited for. */
const CONNECT_TIMEOUT_MS = 5_000;

export type RedisRole = 'receiver' | 'worker';

/**
 * A connection for one role, checked with PING before the process says it is
 * up. A receiver fails a command at once while Redis is away (the delivery
 * gets a 500 with a reference id in well under GitHub's 10 s, and can be
 * redelivered); a worker waits for Redis to come back (BullMQ requires it:
 * maxRetriesPerRequest null).
 */
export async function openRedis(
  url: string,
  role: RedisRole,
): Promise<{ ok: true; redis: Redis } | { ok: false; problem: { variable: string; problem: string; fix: string } }> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // ioredis reports connection errors as events too; without a listener they would be printed as unhandled.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return { ok: true, redis };
  } catch (error) {
    redis.disconnect();
    return {
      ok: false,
      problem: {
        variable: 'REDIS_URL',
        problem: `names ${redactUrl(url)}, which did not answer (${describeError(error).slice(0, 160)})`,
        fix: 'start Redis there (the compose file has one), or fix the host, port and password; remove REDIS_URL to run in one process',
      },
    };
  }
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, (_m, auth: string) => `//${auth.includes(':') ? `${auth.split(':')[0]}:***` : '***'}@`);
}
