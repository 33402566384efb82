import { buildWalkthrough } from '../../../../src/core/review/build-walkthrough.js';
import type { FindingRule, ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../../../src/core/review/review-offline.js';
import { makeReviewRepo } from '../review-repo.js';

/** A real two-commit repository (base files, then the changes), indexed at head, and what `rule` finds in its diff. */
export async function runRule(
  rule: FindingRule,
  baseFiles: Record<string, string>,
  changes: { write?: Record<string, string>; remove?: string[] },
): Promise<ReviewFinding[]> {
  const repo = await makeReviewRepo(baseFiles, changes);
  const files = parseDiff(repo.diff);
  const walkthrough = await buildWalkthrough(files, repo.readHead);
  return rule({ files, walkthrough, index: repo.index, readHead: repo.readHead });
}

/**
 * The findings of one rule in the offline review of a real two-commit repository (base files, then `write` and
 * `remove`), indexed at head: the rule sees what it sees in production (reviewed files, walkthrough, deleted files).
 */
export async function reviewFindings(
  rule: string,
  base: Record<string, string>,
  changes: { write?: Record<string, string>; remove?: string[] },
): Promise<ReviewFinding[]> {
  const repo = await makeReviewRepo(base, changes);
  const review = await reviewOffline({
    files: parseDiff(repo.diff),
    index: repo.index,
    base: repo.base,
    head: repo.head,
    readHead: repo.readHead,
  });
  return review.findings.filter((f) => f.rule === rule);
}

/** Findings as `path:line severity`, the way a reader scans them (sorted). */
export function toSites(findings: ReviewFinding[]): string[] {
  return findings.map((f) => `${f.path}:${f.line} ${f.severity}`).sort();
}

/** `severity path:line` per finding, in the review's order: what a test compares. */
export function sites(findings: ReviewFinding[]): string[] {
  return findings.map((f) => `${f.severity} ${f.path}:${f.line}`);
}

export const lines = (...text: string[]): string => `${text.join('\n')}\n`;
