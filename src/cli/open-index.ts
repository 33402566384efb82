import { existsSync } from 'node:fs';
import path from 'node:path';
import { indexRepository, type IndexRunStats } from '../core/code-index/index-repository.js';
import { toIndexFile } from '../core/code-index/index-location.js';
import { IndexStore } from '../core/code-index/index-store.js';
import { LocalRepoSource } from '../core/repo/local-repo-source.js';
import type { CliIo, CommonOptions } from './cli-context.js';
import { findDataDir } from './data-dir.js';
import { createIndexProgress } from './progress.js';

export interface OpenedIndex {
  source: LocalRepoSource;
  store: IndexStore;
  /** Set when this call had to build the index first. */
  built: IndexRunStats | undefined;
}

/** The local repository --repo names, and where its index lives (--index, or the data directory). */
export function resolveIndexTarget(
  options: CommonOptions & { maxFileBytes?: number },
  io: CliIo,
): { source: LocalRepoSource; file: string } {
  const source = new LocalRepoSource(path.resolve(io.cwd, options.repo), { maxFileBytes: options.maxFileBytes });
  const file = options.index ? path.resolve(io.cwd, options.index) : toIndexFile(findDataDir(io.env, options.dataDir), source.root);
  return { source, file };
}

/**
 * Opens the index of --repo, building it first when there is none yet, so a
 * first `nanodex map` works without a separate `nanodex index`.
 */
export async function openIndex(
  options: CommonOptions & { maxFileBytes?: number; workers?: number; refresh?: boolean },
  io: CliIo,
): Promise<OpenedIndex> {
  const { source, file } = resolveIndexTarget(options, io);
  const fresh = !existsSync(file);
  const store = IndexStore.open(file);
  let built: IndexRunStats | undefined;
  try {
    // A fresh index is built; with refresh, an existing one is brought up to date (only changed files parse).
    if (fresh || options.refresh || store.isEmpty()) built = await runIndex(source, store, options, io);
  } catch (error) {
    store.close();
    throw error;
  }
  return { source, store, built };
}

export async function runIndex(
  source: LocalRepoSource,
  store: IndexStore,
  options: { json: boolean; workers?: number },
  io: CliIo,
): Promise<IndexRunStats> {
  const progress = createIndexProgress(io, !options.json);
  try {
    return await indexRepository(source, store, { workers: options.workers, onProgress: progress.update });
  } finally {
    progress.stop();
  }
}
