import { formatLineRef, type LineRef } from '../../render/link-to.js';
import { code, fence, languageOf, plural } from '../../render/markdown.js';
import { compareFindings, type FindingEvidence, type FindingSeverity, type ReviewFinding } from './review-finding.js';

/** Findings listed in the summary before the rest are counted: a long list hides the ones that matter. */
const MAX_FINDINGS_LISTED = 30;
/** Evidence places listed under one finding. */
const MAX_EVIDENCE_LISTED = 12;
export const SEVERITY_TITLE: Record<FindingSeverity, string> = { error: 'Error', warning: 'Warning', check: 'Check' };

/**
 * The summary's "Findings" section: most severe first, each with its rule,
 * place, message and evidence as links (a place in the base is named, not
 * linked: the links point at the head). Findings posted inline say so.
 */
export function renderFindings(
  findings: ReviewFinding[],
  options: { cite: (ref: LineRef) => string; inline: ReadonlySet<ReviewFinding> },
): string {
  const sorted = [...findings].sort(compareFindings);
  const listed = sorted.slice(0, MAX_FINDINGS_LISTED);
  const counts = (['error', 'warning', 'check'] as const)
    .map((s) => [s, sorted.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => plural(n, SEVERITY_TITLE[s].toLowerCase()));
  const lines = ['### Findings', `From the code index, without a model: ${counts.join(', ')}.`, ''];
  for (const f of listed) {
    const where = options.cite({ path: f.path, startLine: f.startLine ?? f.line, endLine: f.line });
    const inline = options.inline.has(f) ? ' (commented inline)' : '';
    lines.push(`- **${SEVERITY_TITLE[f.severity]}** ${code(f.rule)} at ${where}${inline}: ${f.message}`);
    for (const e of f.evidence.slice(0, MAX_EVIDENCE_LISTED)) lines.push(`  - ${renderEvidence(e, options.cite)}`);
    if (f.evidence.length > MAX_EVIDENCE_LISTED) lines.push(`  - and ${plural(f.evidence.length - MAX_EVIDENCE_LISTED, 'more place')}`);
  }
  if (sorted.length > listed.length) lines.push(`- and ${plural(sorted.length - listed.length, 'more finding')}`);
  return lines.join('\n');
}

/** One evidence place: `label: link` and its first line of code. */
export function renderEvidence(e: FindingEvidence, cite: (ref: LineRef) => string): string {
  const ref = { path: e.path, startLine: e.startLine, ...(e.endLine !== undefined ? { endLine: e.endLine } : {}) };
  // A base line has no link at the head; the label says "before" when it is a definition's old form.
  const place = e.side === 'base' ? `${code(formatLineRef(ref))}${/\bbefore\b/.test(e.label) ? '' : ' before the change'}` : cite(ref);
  const first = e.code?.split('\n')[0]?.trim();
  const shown = first ? `: ${code(first.length > 160 ? `${first.slice(0, 160)}…` : first)}` : '';
  return `${e.label} ${place}${shown}`;
}

/** An inline comment's body for a finding: its severity and message, the evidence, a suggestion when it has one. */
export function renderFindingComment(f: ReviewFinding, cite: (ref: LineRef) => string, suggestible: boolean): string {
  const parts = [`**${SEVERITY_TITLE[f.severity]}:** ${f.message}`];
  if (f.evidence.length > 0)
    parts.push(
      f.evidence
        .slice(0, MAX_EVIDENCE_LISTED)
        .map((e) => `- ${renderEvidence(e, cite)}`)
        .join('\n'),
    );
  if (f.suggestion !== undefined) {
    parts.push(
      suggestible
        ? f.suggestion === ''
          ? '```suggestion\n```'
          : fence(f.suggestion, 'suggestion')
        : `Suggested replacement:\n\n${fence(f.suggestion, languageOf(f.path))}`,
    );
  }
  parts.push(`<sub>nanodex · ${f.rule}</sub>`);
  return parts.join('\n\n');
}
