import { findCallersNotUpdated } from './find-callers-not-updated.js';
import { findRemovedStillUsed } from './find-removed-still-used.js';
import { findReturnShapeChanges } from './find-return-shape-changes.js';
import { findUntestedApi } from './find-untested-api.js';
import { compareFindings, type FindingContext, type FindingRule, type ReviewFinding } from './review-finding.js';

/** The cross-file rules the index runs on every review, in the order they are listed in docs/reviews.md. */
export const INDEX_FINDING_RULES: FindingRule[] = [findCallersNotUpdated, findRemovedStillUsed, findReturnShapeChanges, findUntestedApi];

/** Every index rule's findings, most severe first. */
export async function findIndexFindings(context: FindingContext, rules: FindingRule[] = INDEX_FINDING_RULES): Promise<ReviewFinding[]> {
  const found: ReviewFinding[] = [];
  for (const rule of rules) found.push(...(await rule(context)));
  return found.sort(compareFindings);
}
