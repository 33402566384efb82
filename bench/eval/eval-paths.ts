/**
 * Where the localization evaluation keeps what it fetches and builds: all of
 * it outside the repository (fetched code is never committed), under
 * ~/.cache/nanodex-eval unless NANODEX_EVAL_DIR says otherwise.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const EVAL_DIR = process.env.NANODEX_EVAL_DIR ?? path.join(os.homedir(), '.cache', 'nanodex-eval');
export const CASES_FILE = path.join(EVAL_DIR, 'cases.json');
export const SNAPSHOT_DIR = path.join(EVAL_DIR, 'snapshots');
export const INDEX_DIR = path.join(EVAL_DIR, 'index');

/** One evaluation case: a real commit, its message as the question, the source files it modified as the answer. */
export interface EvalCase {
  /** owner/name on GitHub. */
  repo: string;
  sha: string;
  parentSha: string;
  /** Commit date (ISO day). */
  date: string;
  /** Subject + body, trailers and PR numbers stripped. */
  query: string;
  /** Non-test source files the commit modified, as they are named in the parent. */
  expected: string[];
}

/** The folder a case's parent commit is exported to. */
export function snapshotDir(c: Pick<EvalCase, 'repo' | 'parentSha'>): string {
  return path.join(SNAPSHOT_DIR, `${c.repo.replace('/', '+')}@${c.parentSha.slice(0, 12)}`);
}

/** The index file built over a case's snapshot. */
export function indexFile(c: Pick<EvalCase, 'repo' | 'parentSha'>): string {
  return path.join(INDEX_DIR, `${c.repo.replace('/', '+')}@${c.parentSha.slice(0, 12)}.db`);
}

export function loadCases(file = CASES_FILE): EvalCase[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as EvalCase[];
  } catch (error) {
    throw new Error(`cannot read ${file}: run \`npx tsx bench/eval/build-cases.ts\` first`, { cause: error });
  }
}
