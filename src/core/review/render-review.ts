import { isTestFile } from '../repo/is-test-file.js';
import { describeNonProductFolder, findNonProductFolder } from '../repo/non-product-folders.js';
import { fitComment, type Block } from '../render/fit-comment.js';
import { formatLineRef, type LineRef, type LinkTo } from '../render/link-to.js';
import { describeUntoldCalls } from '../render/describe-untold-calls.js';
import { code, escapeText, fence, languageOf, link, plural } from '../render/markdown.js';
import type { BlastRadius } from './blast-radius.js';
import type { PlacedCaller } from './describe-unnamed-caller.js';
import type { PlacedComments } from './place-comments.js';
import type { OfflineReview } from './review-offline.js';
import { renderCoChange, renderWalkthrough } from './render-walkthrough.js';
import { formatIssue } from './find-linked-issues.js';
import { renderFindings } from './findings/render-findings.js';
import type { ReviewFinding } from './findings/review-finding.js';

export interface ReviewComment {
  path: string;
  line: number;
  startLine?: number;
  side: 'RIGHT';
  body: string;
}

export interface RenderedReview {
  /** The summary comment, fitted to GitHub's size limit. */
  summary: string;
  /** The same summary as blocks, for callers that compose the comment themselves. */
  blocks: Block[];
  comments: ReviewComment[];
}

/** Changed symbols listed before the rest are counted: a long list hides the few that matter. */
const MAX_SYMBOLS_LISTED = 25;
const SEVERITY_LABEL = { info: 'Note', warning: 'Warning', error: 'Problem' } as const;

/**
 * The review as GitHub Markdown: a summary comment (overview, blast radius
 * with permalinks, missing tests, risky patterns, what needs a person, and
 * the coverage receipt) and the inline comments. `modelSummary` is expected
 * to be sanitised already; every quote of code is fenced and redacted.
 */
export function renderReview(input: {
  review: OfflineReview;
  placed: PlacedComments;
  linkTo: LinkTo;
  madeWithModel: boolean;
  modelSummary?: string;
  /** The findings posted inline (placeFindings): the summary says so beside them. */
  inlineFindings?: ReadonlySet<ReviewFinding>;
}): RenderedReview {
  const { review, placed, linkTo } = input;
  const cite = (ref: LineRef) => link(formatLineRef(ref), linkTo(ref));
  const blocks: Block[] = [{ title: 'overview', essential: true, text: renderOverview(input) }];
  if (review.findings.length > 0) {
    blocks.push({ title: 'findings', text: renderFindings(review.findings, { cite, inline: input.inlineFindings ?? new Set() }) });
  }
  if (review.walkthrough.files.length > 0) {
    blocks.push({ title: 'walkthrough', text: renderWalkthrough(review.walkthrough, cite, review.history) });
  }
  const coChange = renderCoChange(review.history);
  if (coChange) blocks.push({ title: 'co-change', text: coChange });
  if (review.linkedIssues.length > 0) {
    blocks.push({
      title: 'linked issues',
      text: ['### Linked issues', ...review.linkedIssues.map((i) => `- ${i.relation} ${formatIssue(i)} (${i.from})`)].join('\n'),
    });
  }
  if (input.modelSummary) blocks.push({ title: 'model summary', text: input.modelSummary.trim() });

  if (review.blastRadius.length > 0) {
    // Symbols nobody outside the diff calls are named on one line: a list of "no callers" hides the ones that have some.
    const uncalled = review.blastRadius.filter((b) => !b.ambiguous && b.total === 0 && !b.overrides);
    const overriding = review.blastRadius.filter((b) => !b.ambiguous && b.total === 0 && b.overrides);
    const ambiguous = review.blastRadius.filter((b) => b.ambiguous);
    const called = review.blastRadius.filter((b) => !b.ambiguous && b.total > 0);
    const listed = [...called].sort((a, b) => b.total - a.total).slice(0, MAX_SYMBOLS_LISTED);
    const lines = ['### Changed symbols and their callers', ...listed.flatMap((b) => renderBlast(b, cite))];
    const more = called.length - listed.length;
    if (more > 0) lines.push(`- and ${plural(more, 'more symbol')} with fewer callers`);
    if (ambiguous.length > 0) {
      const names = ambiguous.slice(0, MAX_SYMBOLS_LISTED).map((b) => code(qualifiedName(b)));
      const rest = ambiguous.length - names.length;
      lines.push(`- Callers not counted (names too common to link by name): ${names.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`);
    }
    for (const b of overriding.slice(0, MAX_SYMBOLS_LISTED)) lines.push(...renderOverride(b, cite));
    // A new symbol with no callers yet is the ordinary case, said apart from existing code nothing else calls.
    for (const [group, label] of [
      [uncalled.filter((b) => b.changed.change !== 'added'), 'No callers outside the diff'],
      [uncalled.filter((b) => b.changed.change === 'added'), 'New, not called outside the diff'],
    ] as const) {
      if (group.length === 0) continue;
      const names = group.slice(0, MAX_SYMBOLS_LISTED).map((b) => code(qualifiedName(b)));
      const rest = group.length - names.length;
      lines.push(`- ${label}: ${names.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`);
    }
    blocks.push({ title: 'blast radius', text: lines.join('\n') });
  }
  if (review.tests.gaps.length > 0) {
    blocks.push({
      title: 'test gaps',
      text: [
        '### Changed code no changed test reaches',
        ...review.tests.gaps.map((g) =>
          g.reachedBy.length > 0
            ? `- ${cite({ path: g.path })}: tests reach it (${g.reachedBy.map(code).join(', ')}${g.moreReaching > 0 ? ` and ${g.moreReaching} more` : ''}) but none of them changed`
            : `- ${cite({ path: g.path })}: no test in the index imports it or calls what changed`,
        ),
      ].join('\n'),
    });
  }
  if (review.tests.testsToRun.length > 0) {
    const { moreTests, indirectTests } = review.tests;
    blocks.push({
      title: 'tests to run',
      text: [
        '### Tests to run',
        "The change's own tests, then tests named for a changed file, importing it or calling what changed (from the code index):",
        '',
        ...review.tests.testsToRun.map((t) => `- ${code(t)}`),
        ...(moreTests > 0 ? [`- and ${plural(moreTests, 'more test file')} like these`] : []),
        ...(indirectTests > 0
          ? [
              '',
              `${plural(indirectTests, 'other test file')} ${indirectTests === 1 ? 'reaches' : 'reach'} the changed files only indirectly (through other modules, or code that calls what changed); ${indirectTests === 1 ? 'it' : 'they'} may not run the changed lines.`,
            ]
          : []),
      ].join('\n'),
    });
  }
  const risky = placed.inline.filter((c) => c.draft.kind.startsWith('risk:'));
  if (risky.length > 0) {
    blocks.push({
      title: 'risky patterns',
      text: [
        '### Risky patterns (commented inline)',
        ...risky.map(
          (c) =>
            `- ${label(c.draft.severity)}${code(c.draft.kind)} at ${cite({ path: c.path, startLine: c.startLine ?? c.line, endLine: c.line })}`,
        ),
      ].join('\n'),
    });
  }
  if (placed.needsJudgement.length > 0) {
    blocks.push({
      title: 'needs human judgement',
      text: [
        '### Needs human judgement',
        'These could not be tied to exactly one line of the diff, so they are not posted inline.',
        '',
        ...placed.needsJudgement.map(({ draft, reason }) =>
          [
            `- ${label(draft.severity)}${code(draft.kind)} in ${cite({ path: draft.path })} (${reason}): ${draft.body}`,
            indent(fence(draft.quote, languageOf(draft.path))),
            ...(draft.suggestion === '' ? ['  Suggested fix: delete the quoted lines.'] : []),
            ...(draft.suggestion ? ['  Suggested replacement:', indent(fence(draft.suggestion, languageOf(draft.path)))] : []),
          ].join('\n'),
        ),
      ].join('\n'),
    });
  }
  blocks.push({ title: 'coverage receipt', essential: true, text: renderReceipt(review) });

  const comments = placed.inline.map(({ path, line, startLine, side, body }) => ({
    path,
    line,
    ...(startLine !== undefined ? { startLine } : {}),
    side,
    body,
  }));
  return { summary: fitComment(blocks).body, blocks, comments };
}

function renderOverview(input: { review: OfflineReview; placed: PlacedComments; madeWithModel: boolean }): string {
  const { review, placed } = input;
  const s = review.summary;
  const outside = review.blastRadius.reduce((n, b) => n + b.total, 0);
  const findings = [
    ...(review.findings.length > 0 ? [plural(review.findings.length, 'finding')] : []),
    plural(s.changedSymbols, 'changed symbol'),
    `${plural(outside, 'caller')} outside the diff`,
    `${plural(review.tests.gaps.length, 'source file')} no changed test reaches`,
    `${plural(placed.inline.length, 'inline comment')}`,
    `${placed.needsJudgement.length} for human judgement`,
  ];
  const made = input.madeWithModel
    ? 'The summary was written with a language model; the findings come from the diff and the code index.'
    : 'Made without a language model: deterministic checks of the diff against the code index.';
  const stale =
    review.receipt.indexAtHead === false
      ? '\n\n> [!WARNING]\n> The code index was not built at the head commit: symbols and callers may be out of date.'
      : '';
  return `## nanodex review\n\n${plural(s.files, 'file')} changed (+${s.additions} −${s.deletions}) from ${code(review.base.slice(0, 12))} to ${code(review.head.slice(0, 12))}: ${findings.join(', ')}.\n\n${made}${stale}`;
}

function qualifiedName(b: BlastRadius): string {
  const s = b.changed.symbol;
  return s.scope ? `${s.scope}.${s.name}` : s.name;
}

function renderBlast(b: BlastRadius, cite: (ref: LineRef) => string): string[] {
  const s = b.changed.symbol;
  const name = s.scope ? `${s.scope}.${s.name}` : s.name;
  const kind = b.changed.change === 'added' ? `${s.kind}, new` : s.kind;
  const counts = b.ambiguous
    ? 'callers not counted (the name is too common to link calls to it by name)'
    : b.total === 0
      ? 'no callers outside the diff'
      : `${plural(b.direct, 'direct caller')}, ${b.total} within 2 hops, in ${plural(b.files, 'file')}`;
  const also =
    (b.inChangedFiles > 0 ? ` (and ${b.inChangedFiles} in files this change touches)` : '') +
    (b.unresolved ? `; ${describeUntoldCalls(b.unresolved, s.name)}` : '');
  const callers = b.topCallers.map((h) => {
    const where = outsideProduct(h.path);
    return `  - ${describeCaller(h)} at ${cite({ path: h.path, startLine: h.line })}${h.depth > 1 ? ` (${h.depth} hops)` : ''}${where ? ` (${where})` : ''}`;
  });
  return [`- ${code(name)} (${kind}) ${cite({ path: s.path, startLine: s.startLine, endLine: s.endLine })}: ${counts}${also}`, ...callers];
}

/** A method called only through the base method it overrides: the base's callers, which reach it at run time. */
function renderOverride(b: BlastRadius, cite: (ref: LineRef) => string): string[] {
  const { base, callers } = b.overrides!;
  const baseName = `${base.scope}.${base.name}`;
  const head =
    `- ${code(qualifiedName(b))} has no callers of its own outside the diff` +
    `${b.inChangedFiles > 0 ? ` (${b.inChangedFiles} in files this change touches)` : ''}; it overrides ${code(baseName)} ` +
    `${cite({ path: base.path, startLine: base.startLine, endLine: base.endLine })}, so ` +
    (callers.length === 0 ? 'whatever calls that reaches it (the index links no caller of it)' : 'these calls of it may run this one:');
  const lines = callers.map((h) => {
    const where = outsideProduct(h.path);
    return `  - ${describeCaller(h)} at ${cite({ path: h.path, startLine: h.line })}${where ? ` (${where})` : ''}`;
  });
  return [head, ...lines];
}

/** A caller as a reader finds it: its symbol, else the test block or callback around the call (describe-unnamed-caller.ts). */
function describeCaller(h: PlacedCaller): string {
  if (h.name) return code(h.name);
  if (!h.place) return 'module level';
  return h.place.title === undefined ? h.place.what : `${h.place.what} ${code(h.place.title)}`;
}

/** `example`, `benchmark`, `docs` or `test` for a caller outside the product code, so a reader weighs it. */
function outsideProduct(path: string): string | undefined {
  const folder = findNonProductFolder(path);
  if (folder !== undefined) return describeNonProductFolder(folder);
  return isTestFile(path) ? 'test' : undefined;
}

function renderReceipt(review: OfflineReview): string {
  const r = review.receipt;
  const reviewed = r.reviewed.map((f) => `- ${code(f.path)} (+${f.additions} −${f.deletions})`);
  const skipped = r.skipped.map((f) => `- ${code(f.path)}: ${escapeText(f.detail)}`);
  return [
    '<details>',
    `<summary>Coverage: ${r.reviewed.length} of ${r.reviewed.length + r.skipped.length} changed files reviewed</summary>`,
    '',
    '**Reviewed**',
    ...(reviewed.length > 0 ? reviewed : ['- none']),
    ...(skipped.length > 0 ? ['', '**Skipped**', ...skipped] : []),
    '</details>',
  ].join('\n');
}

function label(severity: 'info' | 'warning' | 'error' | undefined): string {
  return severity ? `**${SEVERITY_LABEL[severity]}** ` : '';
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
