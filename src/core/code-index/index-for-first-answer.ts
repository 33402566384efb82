import type { LocalRepoSource } from '../repo/local-repo-source.js';
import { findFirstAnswerFiles, FIRST_ANSWER_LIMITS, readFirstAnswerTerms } from './find-first-answer-files.js';
import { indexRepository, type IndexRepositoryOptions, type IndexRunStats } from './index-repository.js';
import { FIRST_ANSWER_STATE, FIRST_ANSWER_TOTAL_KEY } from './index-meta-keys.js';
import type { IndexStore } from './index-store.js';
import { findFileKind } from './languages.js';
import { scanTreeText } from './scan-tree-text.js';

/**
 * Below this many bytes of indexable files a whole build is about as quick
 * as a first answer (0.7 s per MB plus start-up, issue 28), and answers
 * better: the tree is indexed whole.
 */
export const FIRST_ANSWER_MIN_TREE_BYTES = 4_000_000;
/** The text scan's share of the first second: what it has not found by then is left out. */
const SCAN_TIMEOUT_MS = 1_000;

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
  options: Pick<IndexRepositoryOptions, 'workers' | 'clock' | 'onProgress'> & { minTreeBytes?: number; scanTimeoutMs?: number } = {},
): Promise<FirstAnswerIndex | undefined> {
  const listing = await source.listFiles();
  const indexable = listing.files.filter((f) => findFileKind(f.path) !== undefined);
  const treeBytes = indexable.reduce((sum, f) => sum + f.size, 0);
  if (treeBytes < (options.minTreeBytes ?? FIRST_ANSWER_MIN_TREE_BYTES)) return undefined;
  const paths = indexable.map((f) => f.path);
  const { terms } = readFirstAnswerTerms(prompt);
  // A listing with a fingerprint came from git: git grep scans it on git's threads.
  const matches = await scanTreeText(source.root, terms, { timeoutMs: options.scanTimeoutMs ?? SCAN_TIMEOUT_MS, paths, git: listing.fingerprint !== undefined });
  const picked = findFirstAnswerFiles(prompt, indexable, matches, FIRST_ANSWER_LIMITS);
  if (picked.paths.length === 0) return undefined;
  store.transaction(() => store.setMeta(FIRST_ANSWER_TOTAL_KEY, String(indexable.length)));
  const stats = await indexRepository(source, store, {
    workers: options.workers,
    clock: options.clock,
    onProgress: options.onProgress,
    onlyPaths: picked.paths,
    endState: FIRST_ANSWER_STATE,
  });
  return { files: picked.paths.length, total: indexable.length, stats };
}
