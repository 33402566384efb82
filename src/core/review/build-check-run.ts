import type { ReviewSettings } from '../config/repo-config.js';
import {
  CHECK_RUN_NAME,
  type AnnotationLevel,
  type CheckAnnotation,
  type CheckConclusion,
  type CheckRunToPost,
} from '../publish/check-run.js';
import { code, link, plural } from '../render/markdown.js';
import type { FindingSeverity, ReviewFinding } from './findings/review-finding.js';
import { compareFindings } from './findings/review-finding.js';

/** How the review of a head ended, as its check run reports it. */
export type ReviewEnd =
  | { kind: 'reviewed'; findings: ReviewFinding[]; scope: string; carried?: CarriedAnnotations }
  | { kind: 'skipped'; reason: string }
  | { kind: 'incomplete'; reason: string; referenceId?: string };

/**
 * Findings of an earlier head that still stand: a push is reviewed from the
 * last reviewed commit, so what was found before in files the new commits
 * did not touch is carried into the new head's run (selectCarried).
 */
export interface CarriedAnnotations {
  /** The head they were posted on. */
  from: string;
  annotations: CheckAnnotation[];
}

/** GitHub's limit on a check run's `output.summary`, in characters. */
export const CHECK_SUMMARY_LIMIT = 65_535;
/** Findings listed in the summary; every one is an annotation on its line anyway. */
const TOP_FINDINGS = 20;
/** An annotation's message and details are each limited to 64 KB by GitHub; a finding needs far less. */
const ANNOTATION_TEXT_LIMIT = 4_000;

const LEVELS: Record<FindingSeverity, AnnotationLevel> = { error: 'failure', warning: 'warning', check: 'notice' };
const SEVERITIES: FindingSeverity[] = ['error', 'warning', 'check'];
const SEVERITY_OF: Record<AnnotationLevel, FindingSeverity> = { failure: 'error', warning: 'warning', notice: 'check' };

/**
 * The rule of `review.failOn`: `failure` when a finding is at least as severe
 * as the threshold; otherwise `success` when there is no finding at all, and
 * `neutral` when there are findings below it (or `failOn` is `never`). A
 * `check` finding asks a question and never fails the check.
 */
export function toCheckConclusion(findings: Pick<ReviewFinding, 'severity'>[], failOn: ReviewSettings['failOn']): CheckConclusion {
  if (findings.length === 0) return 'success';
  const failing = failOn === 'error' ? ['error'] : failOn === 'warning' ? ['error', 'warning'] : [];
  return findings.some((f) => failing.includes(f.severity)) ? 'failure' : 'neutral';
}

/**
 * The check run for a reviewed head. A review that did not finish (a
 * failure, a budget) never reports `success`: it is `neutral` when
 * `failOn` is `never`, else `failure`, since the findings it would gate on
 * are unknown. A head with no file to review is `skipped`.
 */
export function buildCheckRun(
  end: ReviewEnd,
  input: { headSha: string; failOn: ReviewSettings['failOn']; htmlUrl: string; detailsUrl?: string },
): CheckRunToPost {
  const head = code(input.headSha.slice(0, 7));
  const base = { headSha: input.headSha, name: CHECK_RUN_NAME, ...(input.detailsUrl ? { detailsUrl: input.detailsUrl } : {}) };
  if (end.kind === 'skipped') {
    return {
      ...base,
      conclusion: 'skipped',
      title: 'Nothing to review',
      summary: `nanodex did not review ${head}: ${end.reason}`,
      annotations: [],
    };
  }
  if (end.kind === 'incomplete') {
    const reference = end.referenceId ? ` (reference ${code(end.referenceId)})` : '';
    const gate =
      input.failOn === 'never'
        ? ''
        : `\n\nThe check fails because \`review.failOn\` is \`${input.failOn}\` and the findings it gates on are unknown; review the head again to update it.`;
    return {
      ...base,
      conclusion: input.failOn === 'never' ? 'neutral' : 'failure',
      title: 'Review incomplete',
      summary: `nanodex could not finish the review of ${head}: ${end.reason}${reference}. The review's summary comment says more.${gate}`,
      annotations: [],
    };
  }
  const found = [...end.findings].sort(compareFindings);
  const annotations = found.map(toAnnotation);
  const keys = new Set(annotations.map(keyOf));
  const carried = (end.carried?.annotations ?? []).filter((a) => !keys.has(keyOf(a)));
  const severities = [...found, ...carried.map((a) => ({ severity: SEVERITY_OF[a.level] }))];
  const conclusion = toCheckConclusion(severities, input.failOn);
  const carriedLine =
    carried.length > 0
      ? `\n\n${plural(carried.length, 'finding')} carried from ${code(end.carried!.from.slice(0, 7))}: their files and evidence did not change since, so they still stand (each an annotation on its line).`
      : '';
  return {
    ...base,
    conclusion,
    title: renderTitle(severities),
    summary: renderSummary(found, { ...input, head, scope: end.scope, conclusion, counts: countBySeverity(severities), carriedLine }),
    annotations: [...annotations, ...carried],
  };
}

function countBySeverity(findings: Pick<ReviewFinding, 'severity'>[]): Record<FindingSeverity, number> {
  const counts: Record<FindingSeverity, number> = { error: 0, warning: 0, check: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

function renderTitle(findings: Pick<ReviewFinding, 'severity'>[]): string {
  if (findings.length === 0) return 'No findings';
  const counts = countBySeverity(findings);
  return SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => plural(counts[s], s))
    .join(', ');
}

function renderSummary(
  findings: ReviewFinding[],
  input: {
    headSha: string;
    head: string;
    htmlUrl: string;
    scope: string;
    failOn: ReviewSettings['failOn'];
    conclusion: CheckConclusion;
    counts: Record<FindingSeverity, number>;
    carriedLine: string;
  },
): string {
  const { counts } = input;
  const why =
    input.conclusion === 'success'
      ? 'no finding.'
      : input.conclusion === 'failure'
        ? `a finding is at least as severe as \`review.failOn: ${input.failOn}\`.`
        : input.failOn === 'never'
          ? '`review.failOn` is `never` (set it to `error` or `warning` to fail the check on findings).'
          : `no finding is as severe as \`review.failOn: ${input.failOn}\`.`;
  const head = [
    `nanodex reviewed ${input.scope} at ${input.head}.`,
    '',
    '| Severity | Findings |',
    '| --- | ---: |',
    ...SEVERITIES.map((s) => `| ${s} | ${counts[s]} |`),
    '',
    `**${input.conclusion}**: ${why}${input.carriedLine}`,
  ].join('\n');
  if (findings.length === 0) return head;
  const lines = [head, '', '### Top findings', ''];
  let length = lines.join('\n').length;
  const shown = findings.slice(0, TOP_FINDINGS);
  for (const [i, f] of shown.entries()) {
    const at = link(
      `${f.path}:${f.line}`,
      `${input.htmlUrl}/blob/${input.headSha}/${f.path.split('/').map(encodeURIComponent).join('/')}#L${f.line}`,
    );
    const entry = `- **${f.severity}** ${code(f.rule)} at ${at}: ${oneLine(f.message).slice(0, 1_000)}`;
    // Room for the line that counts what is left out.
    if (length + entry.length + 200 > CHECK_SUMMARY_LIMIT) {
      lines.push(`- … and ${plural(findings.length - i, 'more finding')}, each an annotation on its line.`);
      return lines.join('\n');
    }
    lines.push(entry);
    length += entry.length + 1;
  }
  if (findings.length > shown.length)
    lines.push(`- … and ${plural(findings.length - shown.length, 'more finding')}, each an annotation on its line.`);
  return lines.join('\n');
}

function toAnnotation(f: ReviewFinding): CheckAnnotation {
  const start = f.startLine !== undefined && f.startLine <= f.line ? f.startLine : f.line;
  const details = f.evidence
    .map((e) => {
      const lines = e.endLine !== undefined && e.endLine > e.startLine ? `${e.startLine}-${e.endLine}` : `${e.startLine}`;
      const side = e.side === 'base' ? ' (base)' : '';
      return `${e.label}: ${e.path}:${lines}${side}${e.code ? `\n${e.code}` : ''}`;
    })
    .join('\n\n');
  return {
    path: f.path,
    startLine: start,
    endLine: f.line,
    level: LEVELS[f.severity],
    title: f.rule,
    message: f.message.slice(0, ANNOTATION_TEXT_LIMIT),
    ...(details !== '' ? { details: details.slice(0, ANNOTATION_TEXT_LIMIT) } : {}),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** An annotation's identity: where, how severe, what it says. */
function keyOf(a: CheckAnnotation): string {
  return JSON.stringify([a.path, a.startLine, a.endLine, a.level, a.title, a.message]);
}

/**
 * The annotations of the last reviewed head that still stand at the new
 * one: those whose own file and whose evidence files (named in their
 * details) the new commits did not change. The rest are the new review's to
 * raise again or not.
 */
export function selectCarried(annotations: CheckAnnotation[], changedPaths: Set<string>): CheckAnnotation[] {
  return annotations.filter((a) => !changedPaths.has(a.path) && !readEvidencePaths(a.details ?? '').some((p) => changedPaths.has(p)));
}

/** The paths toAnnotation wrote into an annotation's details, one `label: path:lines` line per evidence. */
function readEvidencePaths(details: string): string[] {
  return [...details.matchAll(/^[^:\n]+: (.+):\d+(?:-\d+)?(?: \(base\))?$/gm)].map((m) => m[1]!);
}
