import type { LineRef } from '../../render/link-to.js';
import type { DiffFile } from '../parse-diff.js';
import type { InlineComment } from '../place-comments.js';
import type { ReviewDraft } from '../review-draft.js';
import { renderFindingComment } from './render-findings.js';
import type { ReviewFinding } from './review-finding.js';

const DRAFT_SEVERITY = { error: 'error', warning: 'warning', check: 'info' } as const;

/**
 * Findings whose line is on the new side of a hunk (an added or context
 * line) become inline comments; the rest stay in the summary only (GitHub
 * takes review comments on hunk lines only). Each comment carries a draft
 * whose quote is the finding's key, so its fingerprint (review-state.ts)
 * is rule, path and symbol, not the line: a 👎 or a resolved thread keeps
 * it quiet after the code around it moves.
 */
export function placeFindings(
  files: DiffFile[],
  findings: ReviewFinding[],
  cite: (ref: LineRef) => string,
): { inline: InlineComment[]; placed: Set<ReviewFinding> } {
  const newSide = new Map<string, Set<number>>();
  for (const f of files) {
    if (f.status === 'deleted' || f.binary) continue;
    const lines = new Set<number>();
    for (const h of f.hunks) for (const l of h.lines) if (l.kind !== 'del' && l.newLine !== undefined) lines.add(l.newLine);
    newSide.set(f.path, lines);
  }
  const inline: InlineComment[] = [];
  const placed = new Set<ReviewFinding>();
  for (const finding of findings) {
    const lines = newSide.get(finding.path);
    const first = finding.startLine ?? finding.line;
    if (!lines?.has(finding.line)) continue;
    let whole = true;
    for (let l = first; l <= finding.line; l += 1) whole &&= lines.has(l);
    const body = renderFindingComment(finding, cite, whole);
    inline.push({
      path: finding.path,
      line: finding.line,
      ...(whole && first !== finding.line ? { startLine: first } : {}),
      side: 'RIGHT',
      body,
      draft: toFindingDraft(finding, body),
    });
    placed.add(finding);
  }
  return { inline, placed };
}

/** The draft behind a finding's inline comment: what the fingerprint is made of. */
export function toFindingDraft(finding: ReviewFinding, body: string): ReviewDraft {
  return {
    path: finding.path,
    quote: finding.key ?? `${finding.rule}:${finding.path}:${finding.message}`,
    body,
    kind: finding.rule,
    severity: DRAFT_SEVERITY[finding.severity],
  };
}
