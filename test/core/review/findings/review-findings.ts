import { buildWalkthrough } from '../../../../src/core/review/build-walkthrough.js';
import type { FindingRule, ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
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

/** Findings as `path:line severity`, the way a reader scans them. */
export function toSites(findings: ReviewFinding[]): string[] {
  return findings.map((f) => `${f.path}:${f.line} ${f.severity}`).sort();
}

export const lines = (...text: string[]): string => `${text.join('\n')}\n`;
