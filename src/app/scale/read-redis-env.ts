import { readWholeNumber, type EnvProblem } from '../env-problem.js';

/** The scaled-out settings: present only when REDIS_URL is set (else the App runs in one process, as before). */
export interface RedisEnv {
  /** `redis://[user:password@]host:port[/db]` or `rediss://` (TLS). */
  url: string;
  /** Attempts per delivery: the first run plus retries of transient failures (GitHub 5xx, network, model timeouts). */
  attempts: number;
  /** A worker's hold on a running job; a worker silent this long (killed, frozen) loses it and another runs the job. */
  lockMs: number;
  /** Jobs at once across every worker (BullMQ's global concurrency); undefined: only the per-worker limit. */
  globalConcurrency: number | undefined;
  /** A worker's hold on a repository index while it opens (and may write) it; see leased-repo-indexes.ts. */
  indexLeaseMs: number;
}

/** Three attempts: a GitHub or model blip is usually over within the backoff (2 s, then 4 s). */
export const DEFAULT_JOB_ATTEMPTS = 3;
/** BullMQ's own default: the lock is renewed every half of it while the worker is alive. */
export const DEFAULT_JOB_LOCK_MS = 30_000;
/**
 * Long enough that a synchronous stretch of indexing (7.7 s at once for 32K
 * files, measured in index-write-lock.ts) never lets it lapse; short enough
 * that a killed worker's repository index is free again within a minute.
 */
export const DEFAULT_INDEX_LEASE_MS = 60_000;

/** Reads REDIS_URL and its companions; undefined when REDIS_URL is unset. Problems go to `problems`, with their fix. */
export function readRedisEnv(env: NodeJS.ProcessEnv, problems: EnvProblem[]): RedisEnv | undefined {
  const text = env.REDIS_URL?.trim();
  const companions = ['NANODEX_JOB_ATTEMPTS', 'NANODEX_JOB_LOCK_MS', 'NANODEX_GLOBAL_CONCURRENCY', 'NANODEX_INDEX_LEASE_MS'].filter((v) =>
    env[v]?.trim(),
  );
  if (!text) {
    if (companions.length > 0)
      problems.push({
        variable: companions.join(', '),
        problem: 'is set but REDIS_URL is not (these apply only to the Redis queue)',
        fix: 'set REDIS_URL, e.g. redis://redis:6379, or remove them',
      });
    return undefined;
  }
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    problems.push({
      variable: 'REDIS_URL',
      problem: `is ${JSON.stringify(text.replace(/\/\/[^@/]*@/, '//***@'))}, not a redis:// or rediss:// URL with a host`,
      fix: 'set it like redis://redis:6379 (or redis://:PASSWORD@host:6379/0), or remove it to run in one process',
    });
    return undefined;
  }
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) {
    problems.push({ variable: 'REDIS_URL', problem: `names database ${JSON.stringify(db)}`, fix: 'use a database number, e.g. /0' });
    return undefined;
  }
  const attempts = readWholeNumber(env, 'NANODEX_JOB_ATTEMPTS', DEFAULT_JOB_ATTEMPTS, problems, 1);
  const lockMs = readWholeNumber(env, 'NANODEX_JOB_LOCK_MS', DEFAULT_JOB_LOCK_MS, problems, 1_000);
  const global = env.NANODEX_GLOBAL_CONCURRENCY?.trim() ? readWholeNumber(env, 'NANODEX_GLOBAL_CONCURRENCY', 1, problems, 1) : undefined;
  const indexLeaseMs = readWholeNumber(env, 'NANODEX_INDEX_LEASE_MS', DEFAULT_INDEX_LEASE_MS, problems, 1_000);
  return { url: text, attempts, lockMs, globalConcurrency: global, indexLeaseMs };
}
