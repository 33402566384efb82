import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describeError, openRepoIndex, type IndexRunStats, type IndexStore, type LocalRepoSource, type Logger } from '../core/index.js';
import { readIndexState } from '../core/lookups.js';
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
  /** Set when only a question's files were indexed (a first answer): indexes the rest and saves the whole index to the cache; the stats of that build. */
  finish?: () => Promise<IndexRunStats>;
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
 *
 * With `question` and nothing restored, only the files the question needs are
 * indexed (a first answer: the reply comes before the whole build) and nothing
 * is saved; `finish` then completes the index and saves it.
 */
export async function openCachedIndex(
  source: LocalRepoSource,
  options: { repository: string; folder: string; cache: IndexCache; enabled: boolean; logger: Logger; question?: string },
): Promise<CachedIndex> {
  const { cache } = options;
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
  const file = path.join(options.folder, 'index.sqlite');
  const firstAnswer = options.question !== undefined && report.restoredKey === undefined ? { question: options.question } : undefined;
  const save = toCacheSave(cache, paths, report, options.logger);
  const open = (question?: { question: string }) =>
    openRepoIndex(file, {
      files: { kind: 'checkout', source },
      indexing: { workers: RUNNING_FROM_SOURCES ? 0 : undefined },
      firstAnswer: question,
      // Only a whole index is cached: a first answer's is saved by finish, once the rest is indexed.
      beforeRelease:
        saveTo === undefined
          ? undefined
          : async (written) => {
              if (readIndexState(written).complete) await save(written, saveTo);
            },
    });
  // A checkout is always indexed (delta by blob sha), so there are always stats.
  const { store, stats, update } = await open(firstAnswer);
  const cached: CachedIndex = { store, stats: stats!, cache: report, treeSha };
  if (update !== 'first-answer') return cached;
  return {
    ...cached,
    finish: async () => {
      const finished = await open();
      finished.store.close();
      return finished.stats!;
    },
  };
}

/** Saves the index while the write lock is held, so the copy cached is one writer's finished work; a failure is reported, not thrown. */
function toCacheSave(cache: IndexCache, paths: string[], report: CacheReport, logger: Logger) {
  return async (written: IndexStore, saveTo: string): Promise<void> => {
    written.checkpoint(); // everything into the main file, so the cached copy is whole without its -wal
    try {
      await cache.save(paths, saveTo);
      report.savedKey = saveTo;
    } catch (error) {
      report.saveProblem = describeError(error);
      logger.warn('could not save the index to the Actions cache', { key: saveTo, error: report.saveProblem });
    }
  };
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
