import type { Redis } from 'ioredis';
import { NanodexError } from '../../core/index.js';
import type { GitHubClient } from '../../github/github-client.js';
import { toRepoKey, type OpenedRepoIndex, type RepoIndexes, type RepoTarget } from '../repo-indexes.js';
import { DEFAULT_INDEX_LEASE_MS } from './read-redis-env.js';
import { acquireLease } from './redis-lease.js';

/** As the SQLite write lock's own wait: a cold build of a large repository takes minutes. */
export const INDEX_LEASE_WAIT_MS = 10 * 60_000;

/**
 * The indexes of many workers on a shared data directory: before an index
 * is opened (which may download, parse and write it), the worker takes the
 * repository's lease in Redis, so one writer per repository index exists
 * across machines, where the SQLite file lock beside the index only covers
 * one host's processes (advisory locks over NFS are the file server's to
 * keep). The lease is released once the index is open: reading needs none
 * (SQLite readers see committed transactions only, and an index is read at
 * a commit only once the writer stamped it).
 */
export class LeasedRepoIndexes implements RepoIndexes {
  constructor(
    private readonly inner: RepoIndexes,
    private readonly redis: Redis,
    private readonly options: { leaseMs?: number; waitMs?: number } = {},
  ) {}

  has(target: RepoTarget): boolean {
    return this.inner.has(target);
  }

  async open(client: GitHubClient, target: RepoTarget, options?: { headSha?: string; question?: string }): Promise<OpenedRepoIndex> {
    const key = `nanodex:index-lease:${target.installationId}:${toRepoKey(target)}`;
    const waitMs = this.options.waitMs ?? INDEX_LEASE_WAIT_MS;
    const lease = await acquireLease(this.redis, key, { leaseMs: this.options.leaseMs ?? DEFAULT_INDEX_LEASE_MS, waitMs });
    if (!lease) {
      throw new NanodexError(
        'index-busy',
        `another worker has been indexing ${target.owner}/${target.repo} for over ${Math.round(waitMs / 60_000)} min`,
        {
          hint: 'ask again once it finishes; an operator can see the holder under the Redis key ' + key,
        },
      );
    }
    try {
      return await this.inner.open(client, target, options);
    } finally {
      await lease.release();
    }
  }
}
