import type { ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../../../src/core/review/review-offline.js';
import { makeReviewRepo } from '../review-repo.js';

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

/** `severity path:line` per finding: what a test compares. */
export function sites(findings: ReviewFinding[]): string[] {
  return findings.map((f) => `${f.severity} ${f.path}:${f.line}`);
}

export function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}
