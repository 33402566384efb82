import { lstatSync } from 'node:fs';
import path from 'node:path';
import { readGitPaths } from '../repo/git-listing.js';
import type { UnpackedFile } from '../ports.js';
import type { LocalRepoSource } from '../repo/local-repo-source.js';
import { findPathSkipReason } from '../repo/skip-rules.js';
import { walkDirectory } from '../repo/walk-directory.js';
import { findFirstAnswerFiles, FIRST_ANSWER_LIMITS, readFirstAnswerTerms } from './find-first-answer-files.js';
import { indexRepository, type IndexRepositoryOptions, type IndexRunStats } from './index-repository.js';
import { FIRST_ANSWER_STATE, FIRST_ANSWER_TOTAL_KEY } from './index-meta-keys.js';
import type { IndexStore } from './index-store.js';
import { findFileKind, findLanguage, type LanguageId } from './languages.js';
import type { ParsePool } from './parse-pool.js';
import { scanTreeText } from './scan-tree-text.js';

/**
 * Below this many bytes of indexable files a whole build is about as quick
 * as a first answer (0.7 s per MB plus start-up, issue 28), and answers
 * better: the tree is indexed whole.
 */
export const FIRST_ANSWER_MIN_TREE_BYTES = 4_000_000;
/** The text scan's share of the first second: what it has not found by then is left out. */
const SCAN_TIMEOUT_MS = 1_000;
/** Trees up to this many files are statted to weigh them against FIRST_ANSWER_MIN_TREE_BYTES (a few ms). */
const SIZED_FILES = 5_000;
export interface FirstAnswerIndex {
  /** Files indexed for the answer, and indexable files in the tree. */
  files: number;
  total: number;
  stats: IndexRunStats;
}

/**
 * Indexes only the files a question needs, on an index with none yet: the
 * tree is listed, scanned for the question's terms (scanTreeText), the best
 * files picked (findFirstAnswerFiles) and indexed through indexRepository,
 * so the index is a true subset of the full one and its build record says
 * `first-answer` (readIndexState: "N of M files") until a whole run
 * completes it. Undefined, with nothing written, when the tree is small
 * enough to index whole or nothing in it matches the question. The store
 * must hold the write lock.
 */
export async function indexForFirstAnswer(
  source: LocalRepoSource,
  store: IndexStore,
  prompt: string,
  options: Pick<IndexRepositoryOptions, 'workers' | 'clock' | 'onProgress'> & {
    minTreeBytes?: number;
    scanTimeoutMs?: number;
    /** The tree's files as the caller wrote them (an unpacked tarball's): listed and sized without reading its folders. */
    files?: UnpackedFile[];
    /** Parser threads the caller started ahead (startFirstAnswerPool, while a tarball unpacked) and closes. */
    pool?: ParsePool;
  } = {},
): Promise<FirstAnswerIndex | undefined> {
  const listed = await listIndexablePaths(source, options.files);
  const sizes = options.files === undefined ? undefined : new Map(options.files.map((f) => [f.path, f.size]));
  const sizeOf = (file: string) => sizes?.get(file) ?? statSize(source.root, file);
  // A big tree is not statted whole: past SIZED_FILES files it is taken to be over the threshold.
  const minBytes = options.minTreeBytes ?? FIRST_ANSWER_MIN_TREE_BYTES;
  if (listed.paths.length <= SIZED_FILES && isSmallerThan(listed.paths, sizeOf, minBytes)) return undefined;
  const { spellings } = readFirstAnswerTerms(prompt);
  const timeoutMs = options.scanTimeoutMs ?? SCAN_TIMEOUT_MS;
  // Nothing else runs while git scans: parser threads started beside it (to load their grammars early) took
  // the two cores from git at load 25, and the scan ran out of its second in 2 of 4 runs (fewer files found).
  const matches = await scanTreeText(source.root, [...spellings.keys()], { timeoutMs, paths: listed.paths, git: listed.git, spellings });
  const picked = findFirstAnswerFiles(prompt, listed.paths, matches, { ...FIRST_ANSWER_LIMITS, sizeOf });
  if (picked.paths.length === 0) return undefined;
  const total = listed.paths.length;
  store.transaction(() => store.setMeta(FIRST_ANSWER_TOTAL_KEY, String(total)));
  const pool = options.pool ?? (await startFirstAnswerPool(options.workers, findLanguages(picked.paths)));
  try {
    const stats = await indexRepository(source, store, {
      pool,
      clock: options.clock,
      onProgress: options.onProgress,
      onlyPaths: picked.paths,
      endState: FIRST_ANSWER_STATE,
    });
    return { files: picked.paths.length, total, stats };
  } finally {
    if (options.pool === undefined) await pool.close();
  }
}

/**
 * Whether these files weigh less than `bytes` together, statted only until they do not: sympy's 1,957
 * files are over 4 MB after a few hundred (statting them all took 0.1 s of the first answer's CPU).
 */
export function isSmallerThan(paths: string[], sizeOf: (file: string) => number, bytes: number): boolean {
  let sum = 0;
  for (const file of paths) {
    sum += sizeOf(file);
    if (sum >= bytes) return false;
  }
  return true;
}

/**
 * The first answer's parser threads (parse-pool.ts: defaultParseThreads, as a whole build: on two cores
 * one worker beside this thread, not two workers; or `workers` as given), the worker loading `warm`'s
 * grammars (the picked files') at once, beside this thread's listing of the picks.
 */
export async function startFirstAnswerPool(workers: number | undefined, warm: LanguageId[] = []): Promise<ParsePool> {
  const { createParsePool, defaultParseThreads } = await import('./parse-pool.js');
  const threads = workers === undefined ? defaultParseThreads() : { workers, inline: false };
  return createParsePool(threads.workers, { inline: threads.inline, warm });
}

/** The languages of these files, most files first. */
export function findLanguages(paths: string[]): LanguageId[] {
  const counts = new Map<LanguageId, number>();
  for (const file of paths) {
    const language = findLanguage(file);
    if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([language]) => language);
}

/**
 * The tree's indexable paths: the files the caller wrote (an unpacked tarball's) through the folder
 * walk's rules, else git's listing alone in a work tree, else the folder's walk. No file is statted or
 * hashed (the scan reads them; hashing sympy's unpacked tree took a second). The same path rules as a
 * build's listing.
 */
async function listIndexablePaths(source: LocalRepoSource, files: UnpackedFile[] | undefined): Promise<{ paths: string[]; git: boolean }> {
  const listed = files === undefined ? await readGitPaths(source.root) : undefined;
  const paths =
    listed ??
    walkDirectory(source.root, { files: files?.map((f) => f.path) })
      .entries.filter((e) => e.kind === 'file')
      .map((e) => e.path);
  return { paths: paths.filter((p) => findFileKind(p) !== undefined && findPathSkipReason(p) === undefined), git: listed !== undefined };
}

function statSize(root: string, file: string): number {
  try {
    const stat = lstatSync(path.join(root, ...file.split('/')));
    return stat.isFile() ? stat.size : 0;
  } catch {
    return 0; // deleted since the listing: the build's own listing leaves it out
  }
}
