import path from 'node:path';
import type { Clock, HashCache, RepoFile, RepoListing } from '../ports.js';
import { systemClock } from '../ports.js';
import type { LocalRepoSource } from '../repo/local-repo-source.js';
import { parseRepoPath } from '../repo/repo-path.js';
import type { IndexStore, StoredFile } from './index-store.js';
import { BUILD_STARTED_KEY, BUILD_STATE_KEY, readIndexState } from './index-state.js';
import {
  readLastListing,
  toListingSummary,
  toPathsListingSummary,
  updateListingSummary,
  writeLastListing,
  writePathsListing,
  type ListingSummary,
} from './last-listing.js';
import type { FIRST_ANSWER_STATE } from './index-meta-keys.js';
import { findFileKind } from './languages.js';
import type { ParsePool } from './parse-pool.js';
import type { ParsedFile } from './types.js';
import { markFileRanksFresh, markFileRanksStale, needsFileRanks, readEdgesAround, writeFileRanks } from './file-ranks.js';
import { updateEdges } from './update-edges.js';
import { GO_MODULES_META_KEY, readGoModules } from './read-go-modules.js';
import { PACKAGE_MAINS_META_KEY, readPackageMains } from './read-package-mains.js';

/**
 * Files per write transaction. Large enough that commit cost vanishes, small
 * enough that an interrupted run loses little and memory stays flat.
 */
const BATCH_FILES = 200;
const BATCH_BYTES = 8_000_000;
/** From this many new files on an empty index, lookup indexes are built after the writes (measured: ~25% less write time). */
const BULK_BUILD_FILES = 1000;
/** Files handed to the parser pool at once: enough to keep every worker's queue full (parse-pool queues 4 each). */
const PARSE_WINDOW = 64;

export interface IndexProgress {
  phase: 'listing' | 'parsing' | 'linking' | 'done';
  done: number;
  total: number;
  bytes: number;
}

export interface IndexRunStats {
  /** Files the listing offered that nanodex indexes (code and text). */
  files: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  bytesParsed: number;
  parseErrors: number;
  /** Files left out, by reason: path rules, content rules, unsupported formats. */
  skipped: Record<string, number>;
  edgesRebuiltFor: number;
  importsResolved: number;
  headSha: string | undefined;
  timings: { listMs: number; parseMs: number; linkMs: number; totalMs: number };
}

export interface IndexRepositoryOptions {
  /** Parser worker threads; 0 parses on this thread. Defaults to one per core (parse-pool.ts: defaultParseThreads). */
  workers?: number;
  /** A pool started ahead by the caller, who closes it (a first answer's: started after the text scan, or in the App beside the tarball's unpacking); `workers` is then unused. */
  pool?: ParsePool;
  onProgress?: (progress: IndexProgress) => void;
  clock?: Clock;
  /** Only these repo paths are looked at (a push with a known file list); the rest of the index is kept. */
  onlyPaths?: string[];
  /**
   * The build state written at the end instead of `complete`: a first answer's index of some files only
   * (index-for-first-answer.ts) says so until a whole run completes it.
   */
  endState?: typeof FIRST_ANSWER_STATE;
  /**
   * Called once, before the parser loads, with what is to be parsed (never when nothing is): a process that
   * exits after this run may tune its runtime to the job's size (the CLI's index command, keep-wasm-on-baseline.ts).
   */
  beforeParse?: (job: ParseJob) => void;
}

/** What a run is about to parse. */
export interface ParseJob {
  files: number;
  bytes: number;
}

/**
 * Brings the index in line with the repository: parses only files whose blob
 * sha changed, removes deleted ones, then relinks the graph around them.
 * Every batch is one transaction, so a run that dies leaves the last
 * committed state, marked `building` (index-state.ts) so readers say the
 * index is partial, and the next run picks up where it stopped. The store
 * must hold the index's write lock (IndexStore.openWriter).
 */
export async function indexRepository(
  source: LocalRepoSource,
  store: IndexStore,
  options: IndexRepositoryOptions = {},
): Promise<IndexRunStats> {
  if (!store.holdsWriteLock) {
    throw new Error(`indexRepository needs the write lock of ${store.file}: open the store with IndexStore.openWriter`);
  }
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  const report = options.onProgress ?? (() => undefined);
  report({ phase: 'listing', done: 0, total: 0, bytes: 0 });

  // A run over some paths says the index is complete only if it was: one that is not (a build stopped) is finished by listing everything.
  const wholeBefore = options.endState !== undefined || readIndexState(store).complete;
  const only = wholeBefore ? options.onlyPaths : undefined;
  // Stored rows are read on use: a listing that matches the last one needs none, one that looks at a few paths a few.
  const hashCache = storedRowsCache(store);
  const last = readLastListing(store);
  // A known list of paths (a push, the MCP server's watch) is looked at alone: the cost stays the same however big the tree.
  let listing = await source.listFiles({ hashCache: hashCache.get, paths: only, since: only === undefined ? last : undefined });
  // Each path once, as the listing spells it: the counts move once per path.
  if (only !== undefined) listing = { ...listing, changedPaths: [...new Set(only.map((p) => parseRepoPath(p)))] };
  if (listing.unchanged && last !== undefined) return keepUnchanged(store, source, listing, { ...last.summary, started, clock, report });
  // go.mod and package.json steer import resolution for the whole tree: a change to one is read from a whole listing.
  if (only === undefined && listing.changedPaths?.some(isResolutionInput)) listing = await source.listFiles({ hashCache: hashCache.get });
  const scope = listing.changedPaths;
  const stored = scope === undefined ? hashCache.all() : new Map(store.findFiles(scope).map((f) => [f.path, f]));
  const listingSummary =
    only !== undefined
      ? toPathsListingSummary(last, listing, stored)
      : listing.changedPaths !== undefined && last !== undefined
        ? updateListingSummary(last, listing, stored)
        : toListingSummary(listing);
  const skipped: Record<string, number> = { ...listingSummary.skipped };

  const indexable = listing.files.filter((file) => findFileKind(file.path) !== undefined);
  const present = new Set(indexable.map((f) => f.path));
  const toParse: RepoFile[] = [];
  const touched: { file: RepoFile; id: number }[] = [];
  let added = 0;
  for (const file of indexable) {
    const previous = stored.get(file.path);
    if (!previous) added += 1;
    if (!previous || previous.blobSha !== file.blobSha) toParse.push(file);
    else if (previous.mtimeMs !== file.mtimeMs) touched.push({ file, id: previous.id });
  }
  const removed = [...stored.values()].filter((f) => !present.has(f.path));
  const listed = clock.now();
  const ranks = watchFileRanks(store, { added, removed: removed.length, changedIds: toParse.map((f) => stored.get(f.path)?.id) });

  store.transaction(() => {
    // Said before the first file changes, in the same transaction: an index is never partial without saying so.
    store.setMeta(BUILD_STATE_KEY, 'building');
    store.setMeta(BUILD_STARTED_KEY, new Date(started).toISOString());
    if (removed.length > 0 || toParse.length > 0) markFileRanksStale(store);
    for (const file of removed) store.deleteFile(file.id);
    // Same content, new mtime (a checkout or touch): remember the mtime so the next listing need not hash it.
    const setMtime = store.db.prepare('UPDATE files SET mtime_ms = ? WHERE id = ?');
    for (const { file, id } of touched) setMtime.run(file.mtimeMs, id);
  });

  // A first build of a big tree (or the rest of a first answer's few files) writes faster without lookup indexes; they are built once after.
  const bulk = toParse.length >= BULK_BUILD_FILES && (scope === undefined ? stored.size * 10 < toParse.length : store.isEmpty());
  if (bulk) store.dropLookupIndexes();
  const parsed = await parseAll(source.root, toParse, stored, store, options, report);
  if (bulk) store.createLookupIndexes();
  const parsedAt = clock.now();

  report({ phase: 'linking', done: toParse.length, total: toParse.length, bytes: parsed.bytes });
  // go.mod is not indexed (no grammar), but its module path is how Go files import the module's packages.
  let resolutionChanged = false; // go.mod module paths or package.json mains: either relinks every import
  if (scope === undefined) {
    const goModules = JSON.stringify(await readGoModules(listing.files, (p) => source.readFile(p)));
    resolutionChanged = goModules !== (store.getMeta(GO_MODULES_META_KEY) ?? '[]');
    if (resolutionChanged) store.transaction(() => store.setMeta(GO_MODULES_META_KEY, goModules));
    // package.json's `main` is how a test's `require('../..')` reaches the package's entry file.
    const mains = JSON.stringify(await readPackageMains(listing.files, (p) => source.readFile(p)));
    if (mains !== (store.getMeta(PACKAGE_MAINS_META_KEY) ?? '[]')) {
      resolutionChanged = true;
      store.transaction(() => store.setMeta(PACKAGE_MAINS_META_KEY, mains));
    }
  }
  const edges = updateEdges(store, { treeChanged: added > 0 || removed.length > 0 || resolutionChanged, resolutionChanged });
  if (!resolutionChanged && ranks.graphUnchanged()) store.transaction(() => markFileRanksFresh(store));
  // Once per change of the graph, not on every read: an unfocused map or diagram reads the stored ranks.
  if (needsFileRanks(store)) writeFileRanks(store);
  store.transaction(() => {
    store.setMeta('indexed_at', new Date(clock.now()).toISOString());
    store.setMeta('root', source.root);
    if (listing.headSha) store.setMeta('head_sha', listing.headSha);
    if (only === undefined) writeLastListing(store, listing, listingSummary);
    else writePathsListing(store, last, listing, listingSummary);
    store.setMeta(BUILD_STATE_KEY, options.endState ?? 'complete');
  });
  if (bulk) store.compact();
  const finished = clock.now();
  report({ phase: 'done', done: toParse.length, total: toParse.length, bytes: parsed.bytes });
  for (const [reason, count] of Object.entries(parsed.contentSkips)) skipped[reason] = (skipped[reason] ?? 0) + count;

  return {
    files: listingSummary.files,
    added,
    changed: toParse.length - added,
    removed: removed.length,
    unchanged: listingSummary.files - toParse.length,
    bytesParsed: parsed.bytes,
    parseErrors: parsed.errors,
    skipped,
    edgesRebuiltFor: edges.dirty,
    importsResolved: edges.importsResolved,
    headSha: listing.headSha,
    timings: { listMs: listed - started, parseMs: parsedAt - listed, linkMs: finished - parsedAt, totalMs: finished - started },
  };
}

/** Nothing changed since the last complete build: the stamp is renewed, no file is statted, read or written. */
function keepUnchanged(
  store: IndexStore,
  source: LocalRepoSource,
  listing: RepoListing,
  last: ListingSummary & { started: number; clock: Clock; report: (p: IndexProgress) => void },
): IndexRunStats {
  const listed = last.clock.now();
  store.transaction(() => {
    store.setMeta('indexed_at', new Date(listed).toISOString());
    store.setMeta('root', source.root);
    if (listing.headSha) store.setMeta('head_sha', listing.headSha);
  });
  const finished = last.clock.now();
  last.report({ phase: 'done', done: 0, total: 0, bytes: 0 });
  return {
    files: last.files,
    added: 0,
    changed: 0,
    removed: 0,
    unchanged: last.files,
    bytesParsed: 0,
    parseErrors: 0,
    skipped: { ...last.skipped },
    edgesRebuiltFor: 0,
    importsResolved: 0,
    headSha: listing.headSha,
    timings: { listMs: listed - last.started, parseMs: 0, linkMs: finished - listed, totalMs: finished - last.started },
  };
}

async function parseAll(
  root: string,
  files: RepoFile[],
  stored: Map<string, StoredFile>,
  store: IndexStore,
  options: IndexRepositoryOptions,
  report: (p: IndexProgress) => void,
): Promise<{ bytes: number; errors: number; contentSkips: Record<string, number> }> {
  const totals = { bytes: 0, errors: 0, contentSkips: {} as Record<string, number> };
  if (files.length === 0) return totals;
  options.beforeParse?.({ files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) });
  // Loaded when a file is to be parsed: a refresh with nothing to parse loads no parser, grammar or secret rule.
  const { createParsePool, defaultParseThreads } = await import('./parse-pool.js');
  // Small jobs (a push, one edited file) are faster on this thread than starting workers.
  const threads = options.workers !== undefined ? { workers: options.workers, inline: false } : defaultParseThreads();
  const small = files.length < 64 && options.workers === undefined;
  const pool = options.pool ?? (small ? createParsePool(0) : createParsePool(threads.workers, threads));
  const onThisThread = options.pool === undefined && (small || threads.workers <= 0);
  let batch: { file: RepoFile; parsed: ParsedFile }[] = [];
  let batchBytes = 0;
  let done = 0;
  // A set that fits in one window, parsed on more than one thread (a first answer's files), is parsed largest
  // first, so the threads end together instead of one parsing the last big file while the others wait, and
  // each file is written as it comes back (WAL, synchronous=NORMAL: a commit is cheap), in the gaps between
  // parses rather than all after the last one. On this thread alone the order and batches stay the listing's.
  const oneWindow = files.length <= PARSE_WINDOW && !onThisThread;
  const ordered = oneWindow ? [...files].sort((a, b) => b.size - a.size) : files;
  const flush = (): void => {
    const rows = batch;
    batch = [];
    batchBytes = 0;
    store.transaction(() => {
      for (const { file, parsed } of rows) store.writeFile(file, parsed, stored.get(file.path)?.id);
    });
  };
  const parseOne = async (file: RepoFile): Promise<void> => {
    const outcome = await pool.parse(file.path, path.join(root, ...file.path.split('/')));
    done += 1;
    const parsed = outcome.file ?? failed(file.path, outcome.error ?? 'unreadable');
    if (parsed.status === 'parse-error') totals.errors += 1;
    if (parsed.status === 'skipped' && parsed.reason) {
      totals.contentSkips[parsed.reason] = (totals.contentSkips[parsed.reason] ?? 0) + 1;
    }
    totals.bytes += outcome.bytes;
    batch.push({ file, parsed });
    batchBytes += outcome.bytes;
    if (oneWindow || batch.length >= BATCH_FILES || batchBytes >= BATCH_BYTES) flush();
    report({ phase: 'parsing', done, total: files.length, bytes: totals.bytes });
  };
  try {
    // A sliding window, not one promise per file up front: what is held stays the same however many files there are.
    const running = new Set<Promise<void>>();
    for (const file of ordered) {
      const task: Promise<void> = parseOne(file).finally(() => running.delete(task));
      running.add(task);
      // Awaited below (race, then all); this keeps a second failure from going unhandled after the first throws.
      task.catch(() => undefined);
      if (running.size >= PARSE_WINDOW) await Promise.race(running);
    }
    await Promise.all(running);
    if (batch.length > 0) flush();
  } finally {
    if (options.pool === undefined) await pool.close();
  }
  return totals;
}

function failed(filePath: string, reason: string): ParsedFile {
  return {
    path: filePath,
    language: findFileKind(filePath) ?? 'text',
    status: 'parse-error',
    reason,
    lines: 0,
    symbols: [],
    references: [],
    imports: [],
    chunks: [],
  };
}

/**
 * Files whose content steers import resolution across the tree (read-go-modules.ts, read-package-mains.ts): read
 * only by a whole listing, so a run over some paths only (onlyPaths) must not be given one.
 */
export function isResolutionInput(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base === 'go.mod' || base === 'package.json';
}

/**
 * The stored rows as a listing asks for them, path by path: a partial
 * listing asks for a few and gets each with one lookup; past a few hundred
 * every row is read at once, in one scan.
 */
function storedRowsCache(store: IndexStore): { get: HashCache; all: () => Map<string, StoredFile> } {
  const ONE_BY_ONE = 256;
  let rows: Map<string, StoredFile> | undefined;
  let asked = 0;
  const all = (): Map<string, StoredFile> => (rows ??= new Map(store.listFiles().map((f) => [f.path, f])));
  return {
    get: (file) => {
      if (rows !== undefined || ++asked > ONE_BY_ONE) return all().get(file);
      return store.findFiles([file])[0];
    },
    all,
  };
}

/** Up to this many changed files, the edges around them are compared before and after (a few lookups each). */
const WATCHED_FILES = 200;

/**
 * Whether a refresh left the file graph as it was, so the stored ranks stay
 * true without running PageRank again: no file came or went, the ranks were
 * fresh (the graph then was theirs) with nothing left to link, and every edge
 * around the changed files is as it was. An edit inside a function body is
 * the common case.
 */
function watchFileRanks(
  store: IndexStore,
  change: { added: number; removed: number; changedIds: (number | undefined)[] },
): { graphUnchanged: () => boolean } {
  const ids = change.changedIds.filter((id): id is number => id !== undefined);
  const watched =
    change.added === 0 &&
    change.removed === 0 &&
    ids.length > 0 &&
    ids.length <= WATCHED_FILES &&
    !needsFileRanks(store) &&
    store.statement('SELECT 1 FROM dirty_files LIMIT 1').get() === undefined;
  const before = watched ? readEdgesAround(store, ids) : undefined;
  return { graphUnchanged: () => before !== undefined && readEdgesAround(store, ids) === before };
}
