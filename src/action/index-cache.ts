import * as cache from '@actions/cache';

/**
 * Where the index is kept between runs. The Actions cache in a workflow; a
 * folder in tests (no network). Keys are matched as `@actions/cache` does: the
 * exact key first, then the newest entry starting with a restore key.
 */
export interface IndexCache {
  /** False off a runner (no cache service): the run indexes from scratch and says so. */
  isAvailable(): boolean;
  /** Restores `paths`; returns the key that matched, or undefined on a miss. */
  restore(paths: string[], primaryKey: string, restoreKeys: string[]): Promise<string | undefined>;
  save(paths: string[], key: string): Promise<void>;
}

export const actionsIndexCache: IndexCache = {
  // @github/local-action stubs only restoreCache and saveCache (to a local folder): treat its cache as there.
  isAvailable: () => typeof cache.isFeatureAvailable !== 'function' || cache.isFeatureAvailable(),
  restore: (paths, primaryKey, restoreKeys) => cache.restoreCache(paths, primaryKey, restoreKeys),
  save: async (paths, key) => {
    // saveCache reports most failures (a key saved meanwhile, a read-only cache on a fork) as a warning and -1.
    const id = await cache.saveCache(paths, key);
    if (id === -1) throw new Error(`the Actions cache did not take ${key} (its warning above says why)`);
  },
};
