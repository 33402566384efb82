import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedRepoIndex, RepoIndexes, RepoTarget } from '../../../src/app/repo-indexes.js';
import { LeasedRepoIndexes } from '../../../src/app/scale/leased-repo-indexes.js';
import type { GitHubClient } from '../../../src/github/github-client.js';
import { startRedis, type TestRedis } from '../../helpers/start-redis.js';

const TARGET: RepoTarget = { installationId: 1, owner: 'octo', repo: 'lease', defaultBranch: 'main', maxTarballBytes: 1e6 };
const client = {} as GitHubClient;

/** An index whose open takes `ms` and records who was writing at once. */
function slowIndexes(ms: number, log: { writers: number; most: number }): RepoIndexes {
  return {
    has: () => true,
    open: async () => {
      log.writers++;
      log.most = Math.max(log.most, log.writers);
      await sleep(ms);
      log.writers--;
      return { update: 'built', release: () => undefined } as unknown as OpenedRepoIndex;
    },
  };
}

describe('LeasedRepoIndexes (one index writer per repository across workers)', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const connect = () => {
    const c = new Redis(redis.url);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.dispose();
  });

  it('lets one worker open (and write) a repository index at a time; the others wait for the lease', async () => {
    const log = { writers: 0, most: 0 };
    const workers = [1, 2, 3].map(() => new LeasedRepoIndexes(slowIndexes(150, log), connect(), { leaseMs: 2_000 }));
    await Promise.all(workers.map((w) => w.open(client, TARGET)));
    expect(log.most).toBe(1);
    // Released after each open: nothing is left behind.
    expect(await connect().exists('nanodex:index-lease:1:octo/lease')).toBe(0);
  });

  it('says another worker is indexing (index-busy, retried by the worker) when the wait runs out', async () => {
    const log = { writers: 0, most: 0 };
    const holder = new LeasedRepoIndexes(slowIndexes(1_500, log), connect(), { leaseMs: 2_000 });
    const waiter = new LeasedRepoIndexes(slowIndexes(10, log), connect(), { leaseMs: 2_000, waitMs: 300 });
    const held = holder.open(client, TARGET);
    await sleep(50);
    await expect(waiter.open(client, TARGET)).rejects.toMatchObject({ code: 'index-busy' });
    await held;
  });

  it('frees the lease of a worker that died holding it once the lease runs out', async () => {
    const key = 'nanodex:index-lease:1:octo/lease';
    // A dead worker's lease: set, never renewed.
    await connect().set(key, 'dead-worker', 'PX', 500);
    const log = { writers: 0, most: 0 };
    const started = Date.now();
    await new LeasedRepoIndexes(slowIndexes(10, log), connect(), { leaseMs: 2_000, waitMs: 5_000 }).open(client, TARGET);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
