import { buildWalkthrough } from '../../../../src/core/review/build-walkthrough.js';
import { findIndexFindings } from '../../../../src/core/review/findings/index-rules.js';
import type { FindingRule, ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
import { makeReviewRepo } from '../review-repo.js';

/** The findings of `rule` on a real two-commit repository (base files, then `write` and `remove`), indexed at head. */
export async function reviewFindings(
  rule: FindingRule,
  base: Record<string, string>,
  changes: { write?: Record<string, string>; remove?: string[] },
): Promise<ReviewFinding[]> {
  const repo = await makeReviewRepo(base, changes);
  const files = parseDiff(repo.diff);
  const walkthrough = await buildWalkthrough(files, repo.readHead);
  return findIndexFindings({ files, walkthrough, index: repo.index, readHead: repo.readHead }, [rule]);
}

/** `severity path:line` per finding: what a test compares. */
export function sites(findings: ReviewFinding[]): string[] {
  return findings.map((f) => `${f.severity} ${f.path}:${f.line}`);
}

export function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}
