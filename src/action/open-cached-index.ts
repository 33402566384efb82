import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describeError, openRepoIndex, type IndexRunStats, type IndexStore, type LocalRepoSource, type Logger } from '../core/index.js';
import type { IndexCache } from './index-cache.js';

/**
 * From the bundle (action-dist/) big indexes parse on worker threads started from
 * action-dist/parse-worker.js. From TypeScript sources (`npm run local-action`,
 * which loads them through its own loader) parse-pool's tsx-started workers fail
 * every file (its loader adds a query to import.meta.url, so parse-pool looks for
 * parse-worker.js beside the .ts), so parsing stays on this thread there.
 */
const RUNNING_FROM_SOURCES = new URL(import.meta.url).pathname.endsWith('.ts'); // local-action adds a query string

/** What happened with the Actions cache, for the job summary. */
export interface CacheReport {
  status: 'hit' | 'restored-older' | 'miss' | 'disabled' | 'unavailable';
  restoredKey: string | undefined;
  /** Set when this run saved the index under a new key. */
  savedKey: string | undefined;
  /** Why saving failed (a fork's read-only cache, a key saved meanwhile): the run goes on. */
  saveProblem: string | undefined;
}

export interface CachedIndex {
  store: IndexStore;
  stats: IndexRunStats;
  cache: CacheReport;
  /** The tree the index was keyed by (undefined outside a git checkout). */
  treeSha: string | undefined;
}

/** `nanodex-index-<owner>/<repo>-<tree sha>`: an exact hit means nothing changed since that tree was indexed. */
export function toIndexCacheKey(repository: string, treeSha: string): string {
  return `${toIndexCachePrefix(repository)}${treeSha}`;
}

export function toIndexCachePrefix(repository: string): string {
  return `nanodex-index-${repository}-`;
}

/**
 * Restores the newest cached index of the repository (exact tree first, else
 * the newest by prefix), brings it up to date with a delta (only files whose
 * blob sha changed are parsed), and saves it under this tree's key when that
 * key is new. The store stays open for the run.
 */
export async function openCachedIndex(
  source: LocalRepoSource,
  options: { repository: string; folder: string; cache: IndexCache; enabled: boolean; logger: Logger },
): Promise<CachedIndex> {
  const { cache, logger } = options;
  const treeSha = readTreeSha(source.root);
  const paths = [options.folder];
  const prefix = toIndexCachePrefix(options.repository);
  const key = treeSha === undefined ? undefined : toIndexCacheKey(options.repository, treeSha);
  const report: CacheReport = { status: 'disabled', restoredKey: undefined, savedKey: undefined, saveProblem: undefined };

  if (options.enabled && !cache.isAvailable()) report.status = 'unavailable';
  else if (options.enabled) {
    report.restoredKey = await cache.restore(paths, key ?? prefix, [prefix]);
    report.status = report.restoredKey === undefined ? 'miss' : report.restoredKey === key ? 'hit' : 'restored-older';
  }

  // The lock is taken after the restore: tar replaces files (a new inode), which would drop a lock held
  // on the old one. The folder is the job's own (RUNNER_TEMP), so nothing else writes there meanwhile;
  // the lock still keeps out anything else pointed at this index file (a CLI given --index).
  const saveTo = report.status !== 'hit' && report.status !== 'disabled' && report.status !== 'unavailable' ? key : undefined;
  const { store, stats } = await openRepoIndex(path.join(options.folder, 'index.sqlite'), {
    files: { kind: 'checkout', source },
    indexing: { workers: RUNNING_FROM_SOURCES ? 0 : undefined },
    // Saved while the lock is held, so the copy cached is one writer's finished work.
    beforeRelease:
      saveTo === undefined
        ? undefined
        : async (written) => {
            written.checkpoint(); // everything into the main file, so the cached copy is whole without its -wal
            try {
              await cache.save(paths, saveTo);
              report.savedKey = saveTo;
            } catch (error) {
              report.saveProblem = describeError(error);
              logger.warn('could not save the index to the Actions cache', { key: saveTo, error: report.saveProblem });
            }
          },
  });
  // A checkout is always indexed (delta by blob sha), so there are always stats.
  return { store, stats: stats!, cache: report, treeSha };
}

/** The checkout's tree sha, or undefined when the folder is not a git checkout with a commit. */
export function readTreeSha(root: string): string | undefined {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD^{tree}'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined; // not a git checkout, or no commit yet: the cache is then restored by prefix only
  }
}

/** The checkout's HEAD commit, for citation links. */
export function readHeadSha(root: string): string | undefined {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined; // not a git checkout: links stay repo-relative
  }
}
