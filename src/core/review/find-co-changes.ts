import type { HistoryCommit } from './change-history.js';

export interface FileHistory {
  path: string;
  /** Commits in the window that touched the file (its churn). */
  commits: number;
  /** Files not in this change that usually change with this one, strongest first. */
  usuallyWith: { path: string; together: number; confidence: number }[];
}

export interface CoChange {
  /** Commits read (bounded), and the ones left out as sweeping changes. */
  window: number;
  skippedLarge: number;
  files: FileHistory[];
}

/** How many commits the history window holds: one bounded `git log`. */
export const HISTORY_WINDOW = 500;
/** A pair counts from this many commits together... */
export const MIN_SUPPORT = 3;
/** ...and when at least this share of the file's commits also touched the other file. */
export const MIN_CONFIDENCE = 0.5;
/** Commits touching more files than this (formatting, renames, releases) say nothing about coupling. */
const MAX_FILES_PER_COMMIT = 30;
const MAX_LISTED = 3;

/**
 * Churn and co-change of the changed files from the history before the
 * change: for each file, how many commits of the window touched it, and the
 * files outside this change that were in at least MIN_SUPPORT of those
 * commits and at least MIN_CONFIDENCE of them. Files that no longer exist
 * (`exists` says no) are left out.
 */
export function findCoChanges(commits: HistoryCommit[], changed: string[], exists: (path: string) => boolean): CoChange {
  const inChange = new Set(changed);
  const usable = commits.filter((c) => c.files.length <= MAX_FILES_PER_COMMIT);
  const files = changed.map((path) => {
    const touching = usable.filter((c) => c.files.includes(path));
    const together = new Map<string, number>();
    for (const c of touching)
      for (const other of new Set(c.files)) if (!inChange.has(other)) together.set(other, (together.get(other) ?? 0) + 1);
    const usuallyWith = [...together]
      .map(([other, n]) => ({ path: other, together: n, confidence: n / touching.length }))
      .filter((p) => p.together >= MIN_SUPPORT && p.confidence >= MIN_CONFIDENCE && exists(p.path))
      .sort((a, b) => b.confidence - a.confidence || b.together - a.together || a.path.localeCompare(b.path))
      .slice(0, MAX_LISTED);
    return { path, commits: touching.length, usuallyWith };
  });
  return { window: commits.length, skippedLarge: commits.length - usable.length, files };
}
