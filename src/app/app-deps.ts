import { type ChatModel, type IsRetryable, systemClock, type Budget, type Clock, type Logger, type ModelConfig } from '../core/index.js';
import { PermissionCache } from '../github/read-permission.js';
import { JobQueue, type JobSink } from './job-queue.js';
import { RefusalMemory } from './refusal-memory.js';
import type { RepoIndexes } from './repo-indexes.js';

/** Everything the App's handlers share, built once at start (main.ts, replay, tests). */
export interface AppDeps {
  /** The App's slug: `@<slug>` mentions it and `<slug>[bot]` is its own login. */
  appSlug: string;
  indexes: RepoIndexes;
  /** Where handlers put their jobs: the in-process JobQueue, or a Redis worker's runner (the job runs in that delivery). */
  queue: JobSink;
  permissions: PermissionCache;
  /** Who was already told they may not ask, per thread (one reply each, never one per mention). */
  refusals: RefusalMemory;
  logger: Logger;
  clock: Clock;
  /** From the server's environment; absent: the offline default answers. */
  model?: ChatModel;
  modelConfig?: ModelConfig;
  /** The deployment's ceiling for per-request budgets. */
  maxima?: Budget;
  /** Repositories indexed per installation event at most (the rest are indexed on first use). */
  installIndexLimit: number;
  /** Set on Redis workers: which failures are thrown for a retry instead of replied to (see RetryLaterError). */
  retryable?: IsRetryable;
}

export function toSelfLogin(appSlug: string): string {
  return `${appSlug}[bot]`;
}

/** Jobs at once when nothing is configured: this machine class has 2 cores, and a run is mostly CPU (parsing, SQLite). */
export const DEFAULT_CONCURRENCY = 2;
/** Repositories indexed per installation event when nothing is configured. */
export const DEFAULT_INSTALL_INDEX_LIMIT = 10;

/** The deps with their usual parts built: the queue, the permission cache (60 s), the clock. */
export function createAppDeps(
  options: Pick<AppDeps, 'appSlug' | 'indexes' | 'logger'> &
    Partial<Omit<AppDeps, 'queue'>> & {
      concurrency?: number;
      onSettled?: ConstructorParameters<typeof JobQueue>[0]['onSettled'];
      jobDeadlineMs?: number;
    },
): AppDeps & { queue: JobQueue } {
  return {
    clock: systemClock,
    permissions: new PermissionCache(),
    refusals: new RefusalMemory(),
    installIndexLimit: DEFAULT_INSTALL_INDEX_LIMIT,
    ...options,
    queue: new JobQueue({
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      logger: options.logger,
      onSettled: options.onSettled,
      deadlineMs: options.jobDeadlineMs,
    }),
  };
}
