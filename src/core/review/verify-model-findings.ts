import type { FindingEvidence, FindingSeverity, ReviewFinding } from './findings/review-finding.js';
import type { DiffFile } from './parse-diff.js';
import { placeComments } from './place-comments.js';
import type { ReviewDraft } from './review-draft.js';
import type { OfflineReview } from './review-offline.js';
import { findContradiction, findEvidenceProblem, findUnnamedIdentifier, type ModelEvidence } from './check-model-finding.js';

/** A finding as the model gave it through emit_review_comment. */
export interface ModelComment {
  path: string;
  line: number;
  body: string;
  quote: string;
  suggestion?: string;
  severity?: 'info' | 'warning' | 'error';
  evidence?: ModelEvidence[];
}

export type DropReason =
  | 'not in the diff'
  | 'quote not on the cited lines'
  | 'evidence misquoted'
  | 'names what the code does not'
  | 'contradicts an offline finding'
  | 'over the cap';

export interface VerifiedModelFindings {
  /** The kept findings as the review's contract has them (rule `model`), most severe first. */
  findings: ReviewFinding[];
  /** The same, as drafts for placement (kind `model`). */
  drafts: ReviewDraft[];
  dropped: { reason: DropReason; comment: ModelComment; detail: string }[];
}

const SEVERITY: Record<NonNullable<ModelComment['severity']> | 'none', FindingSeverity> = {
  error: 'error',
  warning: 'warning',
  info: 'check',
  none: 'check',
};
const RANK: Record<FindingSeverity, number> = { error: 0, warning: 1, check: 2 };

/**
 * Keeps a model's finding only when the code it cites says what it claims,
 * checked without a model: its quote is on the new side of the diff at the
 * cited place (found once, or on the cited line); the evidence it cites
 * elsewhere reads as quoted at the head; every identifier its text names in
 * backticks is in the cited code, the hunk around it, its suggestion, its
 * evidence or the offline facts of that file; and it does not dismiss an
 * offline finding or risky pattern at the same lines (those are kept and
 * never contradicted). Then at most `maxComments`, most severe first.
 */
export async function verifyModelFindings(
  comments: ModelComment[],
  context: { files: DiffFile[]; review: OfflineReview; readHead: (path: string) => Promise<string>; maxComments: number },
): Promise<VerifiedModelFindings> {
  const byPath = new Map(context.files.filter((f) => f.status !== 'deleted').map((f) => [f.path, f]));
  const offline = offlinePlaces(context.files, context.review);
  const passed: { comment: ModelComment; finding: ReviewFinding }[] = [];
  const dropped: VerifiedModelFindings['dropped'] = [];
  for (const comment of comments) {
    const file = byPath.get(comment.path);
    if (!file) {
      dropped.push({ reason: 'not in the diff', comment, detail: `${comment.path} is not a changed file` });
      continue;
    }
    const anchor = findAnchor(file, comment);
    if (!anchor) {
      dropped.push({
        reason: 'quote not on the cited lines',
        comment,
        detail: `the quoted code is not on the new side of ${comment.path}`,
      });
      continue;
    }
    const evidenceProblem = await findEvidenceProblem(comment.evidence ?? [], context.readHead);
    if (evidenceProblem) {
      dropped.push({ reason: 'evidence misquoted', comment, detail: evidenceProblem });
      continue;
    }
    const known = [
      comment.path,
      comment.quote,
      comment.suggestion ?? '',
      ...hunkText(file, anchor),
      ...(comment.evidence ?? []).flatMap((e) => [e.path, e.code ?? '']),
      ...facts(context.review, file.path),
    ];
    const unnamed = findUnnamedIdentifier(comment.body, known.join('\n'));
    if (unnamed) {
      dropped.push({
        reason: 'names what the code does not',
        comment,
        detail: `names \`${unnamed}\`, which is not in the cited code or its evidence`,
      });
      continue;
    }
    const contradicted = findContradiction(comment.body, { path: file.path, ...anchor }, offline);
    if (contradicted) {
      dropped.push({ reason: 'contradicts an offline finding', comment, detail: `dismisses ${contradicted}` });
      continue;
    }
    passed.push({ comment, finding: toFinding(comment, anchor) });
  }
  // Stable: among equals, the model's own order.
  const ranked = passed.map((p, i) => ({ ...p, i })).sort((a, b) => RANK[a.finding.severity] - RANK[b.finding.severity] || a.i - b.i);
  const kept = ranked.slice(0, Math.max(0, context.maxComments));
  for (const { comment } of ranked.slice(kept.length)) {
    dropped.push({ reason: 'over the cap', comment, detail: `more than review.maxComments (${context.maxComments})` });
  }
  return {
    findings: kept.map((k) => k.finding),
    drafts: kept.map(({ comment: c }) => ({
      path: c.path,
      quote: c.quote,
      body: c.body,
      suggestion: c.suggestion,
      kind: 'model',
      severity: c.severity,
    })),
    dropped,
  };
}

/** One line per drop reason with its count, for the run's notes. */
export function describeDrops(result: VerifiedModelFindings, given: number): string | undefined {
  if (given === 0) return undefined;
  const counts = new Map<DropReason, number>();
  for (const d of result.dropped) counts.set(d.reason, (counts.get(d.reason) ?? 0) + 1);
  const parts = [...counts].map(([reason, n]) => `${n} ${reason}`);
  return `model findings: ${given} given, ${result.findings.length} kept${parts.length > 0 ? `; dropped: ${parts.join(', ')}` : ''}`;
}

interface Anchor {
  startLine: number;
  line: number;
}

/**
 * Where the quote stands on the new side: the one place it is found, or,
 * when it is found more than once, the cited line if the quote's first line
 * is on it. Undefined when the quote is not there.
 */
function findAnchor(file: DiffFile, comment: ModelComment): Anchor | undefined {
  const placed = placeComments([file], [{ path: comment.path, quote: comment.quote, body: '', kind: 'model' }]);
  const inline = placed.inline[0];
  if (inline) return { startLine: inline.startLine ?? inline.line, line: inline.line };
  if (!/quote found \d+ times/.test(placed.needsJudgement[0]?.reason ?? '')) return undefined;
  const first =
    comment.quote
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  const quoteLines = comment.quote.trim().split('\n').length;
  const cited = file.hunks.flatMap((h) => h.lines).find((l) => l.kind !== 'del' && l.newLine === comment.line);
  return cited && first !== '' && cited.text.includes(first) ? { startLine: comment.line, line: comment.line + quoteLines - 1 } : undefined;
}

/** Both sides of the hunks that hold the anchor: what the change did around the cited code. */
function hunkText(file: DiffFile, anchor: Anchor): string[] {
  return file.hunks
    .filter((h) => h.lines.some((l) => l.newLine !== undefined && l.newLine >= anchor.startLine && l.newLine <= anchor.line))
    .flatMap((h) => h.lines.map((l) => l.text));
}

/** What the offline review established about a file: its symbol changes, findings, and the callers of its changed symbols. */
function facts(review: OfflineReview, path: string): string[] {
  const file = review.walkthrough.files.find((f) => f.path === path);
  return [
    ...(file?.symbolChanges ?? []).flatMap((c) => [
      c.name,
      'renamedFrom' in c ? (c.renamedFrom ?? '') : '',
      'before' in c ? String(c.before) : '',
    ]),
    ...review.findings.filter((f) => f.path === path).flatMap((f) => [f.message, ...f.evidence.map((e) => e.code ?? '')]),
    ...review.blastRadius.filter((b) => b.changed.symbol.path === path).flatMap((b) => b.topCallers.map((c) => c.name ?? '')),
  ];
}

/** The lines each offline finding and risky pattern is about, with what to call it. */
function offlinePlaces(files: DiffFile[], review: OfflineReview): { path: string; startLine: number; line: number; label: string }[] {
  const risky = placeComments(files, review.drafts).inline.map((c) => ({
    path: c.path,
    startLine: c.startLine ?? c.line,
    line: c.line,
    label: `the risky pattern \`${c.draft.kind}\` at ${c.path}:${c.line}`,
  }));
  const findings = review.findings.flatMap((f) => [
    { path: f.path, startLine: f.startLine ?? f.line, line: f.line, label: `the \`${f.rule}\` finding at ${f.path}:${f.line}` },
    ...f.evidence
      .filter((e) => e.side !== 'base')
      .map((e) => ({
        path: e.path,
        startLine: e.startLine,
        line: e.endLine ?? e.startLine,
        label: `the \`${f.rule}\` finding at ${f.path}:${f.line}`,
      })),
  ]);
  return [...risky, ...findings];
}

function toFinding(comment: ModelComment, anchor: Anchor): ReviewFinding {
  const evidence: FindingEvidence[] = [
    { label: 'cited code', path: comment.path, startLine: anchor.startLine, endLine: anchor.line, code: comment.quote },
    ...(comment.evidence ?? []).map((e) => ({ label: 'evidence', path: e.path, startLine: e.line, ...(e.code ? { code: e.code } : {}) })),
  ];
  return {
    rule: 'model',
    severity: SEVERITY[comment.severity ?? 'none'],
    path: comment.path,
    line: anchor.line,
    ...(anchor.startLine !== anchor.line ? { startLine: anchor.startLine } : {}),
    message: comment.body,
    evidence,
    ...(comment.suggestion !== undefined ? { suggestion: comment.suggestion } : {}),
  };
}
