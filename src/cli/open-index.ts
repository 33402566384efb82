import path from 'node:path';
import { describeIndexState, loadIndexAccess, loadIndexing, readIndexState, toIndexFile } from '../core/lookups.js';
import type { FirstAnswerIndex, IndexRunStats, IndexState, IndexStore, LocalRepoSource, LockWaitOptions, ParseJob } from '../core/index.js';
import type { CliIo, CommonOptions } from './cli-context.js';
import { findDataDir } from './data-dir.js';

export interface OpenedIndex {
  source: LocalRepoSource;
  store: IndexStore;
  /** Set when this call had to build the index first. */
  built: IndexRunStats | undefined;
  /** Whether the index is whole; a partial one has already been reported on stderr. */
  state: IndexState;
  /** Set when there was no index and only the files the question needs were indexed: the rest is for startBackgroundIndex. */
  firstAnswer?: FirstAnswerIndex & { file: string };
}

/** The local repository --repo names, and where its index lives (--index, or the data directory). */
export async function resolveIndexTarget(
  options: CommonOptions & { maxFileBytes?: number },
  io: CliIo,
): Promise<{ source: LocalRepoSource; file: string }> {
  const { LocalRepoSource } = await loadIndexAccess();
  const source = new LocalRepoSource(path.resolve(io.cwd, options.repo), { maxFileBytes: options.maxFileBytes });
  const file = options.index ? path.resolve(io.cwd, options.index) : toIndexFile(findDataDir(io.env, options.dataDir), source.root);
  return { source, file };
}

/**
 * Opens the index of --repo for reading, building it first when there is
 * none yet (so a first `nanodex map` works without `nanodex index`), or
 * updating it first with refresh. A reader never waits for a writer; a
 * build waits its turn behind another process writing the same index.
 */
export async function openIndex(
  options: CommonOptions & {
    maxFileBytes?: number;
    workers?: number;
    refresh?: boolean;
    question?: string;
    /** With refresh: only these repo paths are listed and indexed (the MCP server's watch named them); the rest is kept. */
    onlyPaths?: string[];
  },
  io: CliIo,
): Promise<OpenedIndex> {
  const { source, file } = await resolveIndexTarget(options, io);
  const existing = options.refresh ? undefined : await openExisting(file);
  if (existing !== undefined) {
    const state = readIndexState(existing);
    warnIfPartial(state, io, options);
    return { source, store: existing, built: undefined, state };
  }
  const store = await openIndexWriter(file, options, io);
  try {
    // Looked at under the lock: the writer waited for may have built it.
    const first =
      options.question !== undefined && store.isEmpty() ? await indexFirst(source, store, options.question, options) : undefined;
    if (first !== undefined) {
      store.releaseWriteLock();
      io.stderr.write(
        `nanodex: no index yet: answering from ${first.files} of ${first.total} files picked for the question; ` +
          (io.env.NANODEX_BACKGROUND_INDEX === '0'
            ? 'the rest is indexed by the next update\n'
            : `the full index is built in the background after the answer (log: ${file}.build.log)\n`),
      );
      return { source, store, built: first.stats, state: readIndexState(store), firstAnswer: { ...first, file } };
    }
    const built = await runIndex(source, store, options, io);
    store.releaseWriteLock();
    return { source, store, built, state: readIndexState(store) };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** The index's writer: waits (up to --lock-wait, saying so on stderr) while another process writes it. */
export async function openIndexWriter(file: string, options: Pick<CommonOptions, 'lockWait'>, io: CliIo): Promise<IndexStore> {
  const { IndexStore } = await loadIndexAccess();
  return IndexStore.openWriter(file, toLockWaitOptions(options, io));
}

export function toLockWaitOptions(options: Pick<CommonOptions, 'lockWait'>, io: CliIo): LockWaitOptions {
  return {
    waitMs: options.lockWait === undefined ? undefined : options.lockWait * 1000,
    raiseHint: 'allow a longer wait with --lock-wait SECONDS',
    onWait: ({ waitMs, holder }) => {
      io.stderr.write(
        `nanodex: another nanodex process is writing this index${holder === undefined ? '' : ` (${holder})`}; ` +
          `waiting up to ${Math.round(waitMs / 1000)} s for it to finish\n`,
      );
    },
  };
}

export async function runIndex(
  source: LocalRepoSource,
  store: IndexStore,
  options: { json: boolean; workers?: number; beforeParse?: (job: ParseJob) => void; onlyPaths?: string[] },
  io: CliIo,
): Promise<IndexRunStats> {
  // Loaded on use: the indexer (parsers load only if a file is to be parsed), and the progress bar only for a terminal.
  const showProgress = !options.json && io.stderr.isTTY === true;
  const [{ indexRepository }, progress] = await Promise.all([
    loadIndexing(),
    showProgress ? import('./progress.js').then((m) => m.createIndexProgress(io, true)) : { update: undefined, stop: () => undefined },
  ]);
  try {
    return await indexRepository(source, store, {
      workers: options.workers,
      onProgress: progress.update,
      beforeParse: options.beforeParse,
      onlyPaths: options.onlyPaths,
    });
  } finally {
    progress.stop();
  }
}

async function indexFirst(source: LocalRepoSource, store: IndexStore, question: string, options: { workers?: number }) {
  const { indexForFirstAnswer } = await loadIndexing();
  return indexForFirstAnswer(source, store, question, { workers: options.workers });
}

/** An index to read as it is, or undefined when it must be built first (missing, empty, another schema version). */
async function openExisting(file: string): Promise<IndexStore | undefined> {
  const { IndexStore } = await loadIndexAccess();
  const store = IndexStore.findReadable(file);
  if (store === undefined || !store.isEmpty()) return store;
  store.close();
  return undefined;
}

/** Lookups print plain lines (or a JSON array): the warning goes to stderr, where it never breaks a pipe. */
function warnIfPartial(state: IndexState, io: CliIo, options: Pick<CommonOptions, 'repo'>): void {
  const text = describeIndexState(state);
  if (text === undefined) return;
  const fix = !state.complete && state.reason !== 'building' ? `: run \`nanodex index --repo ${options.repo}\`` : '';
  io.stderr.write(`nanodex: warning: ${fix === '' ? text : `${text.replace(/\.$/, '')}${fix}.`}\n`);
}
