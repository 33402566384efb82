import type { BudgetLimit } from '../budget/budget.js';
import type { RunResult } from '../request.js';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { fitComment, type Block } from './fit-comment.js';
import { code, fence, languageOf, plural } from './markdown.js';
import { renderIndexWarning } from './render-index-warning.js';
import { sanitizeModelText } from './sanitize-model-text.js';
import { toTerminalText } from './to-terminal-text.js';

/** Gathered evidence listed in a budget reply before the rest is counted: the list is a hint, not the answer. */
const MAX_GATHERED_LISTED = 20;

const LIMIT_NAMES: Record<BudgetLimit, string> = {
  rounds: 'exploration rounds',
  files: 'files read',
  bytes: 'bytes fetched',
  contextTokens: 'context tokens',
  modelCalls: 'model calls',
  wallMs: 'time',
  memoryTokens: 'thread memory tokens',
};

export interface ReplyOptions {
  /** Who asked: a model's text may not mention anyone else. */
  requester?: string;
  /**
   * `comment` (default): the Markdown a front posts. `terminal`: the same
   * reply, plus what a comment leaves to other places (the inline review
   * comments a front would place, the run's notes, locate's scores).
   */
  detail?: 'comment' | 'terminal';
}

/**
 * The one rendering of a run's result, for every front: the sticky
 * comment's final state on GitHub, the job summary in the Action, stdout in
 * the CLI. Secrets are redacted here, whatever made the text.
 */
export async function renderReply(result: RunResult, options: ReplyOptions = {}): Promise<string> {
  const safe = (text: string): string => sanitizeModelText(text, { requester: options.requester }).text;
  const detail = options.detail ?? 'comment';
  const reply = renderOutcome(result, safe, detail);
  // A comment carries it already (composeComment); the other replies get it here, first.
  const warning = 'metrics' in result && !('comment' in result) ? renderIndexWarning(result.metrics.index) : undefined;
  const text = warning === undefined ? reply : `${warning}\n\n${reply}`;
  return redactSecrets(detail === 'terminal' ? toTerminalText(text) : text);
}

/** The sticky comment's first state, posted as soon as the request is accepted. */
export function renderWorking(command: string): string {
  return `⏳ nanodex is working on ${code(command)} …`;
}

/** A failure with its reference id and, on a line of its own, how to fix it. */
export function renderFailure(failure: { message: string; referenceId: string }, options: { requester?: string } = {}): string {
  const safe = (text: string): string => sanitizeModelText(text, { requester: options.requester }).text;
  // describeError puts the hint on its own "fix:" line; keep it as a separate sentence.
  const [what = '', ...rest] = failure.message.split('\n');
  const fix = rest
    .map((l) => l.trim().replace(/^fix:\s*/, ''))
    .filter((l) => l !== '')
    .join(' ');
  const lines = [`nanodex could not finish: ${safe(what.replace(/\.$/, ''))} (reference ${code(failure.referenceId)})`];
  if (fix !== '') lines.push('', `**How to fix:** ${safe(fix)}`);
  return lines.join('\n');
}

type Safe = (text: string) => string;

function renderOutcome(result: RunResult, safe: Safe, detail: 'comment' | 'terminal'): string {
  switch (result.kind) {
    case 'done':
      if ('comment' in result) return detail === 'terminal' ? renderCommentWithExtras(result) : result.comment.body;
      if (result.command === 'locate') return renderLocate(result.files, safe, detail);
      return renderAsk(result, safe);
    case 'budget-exceeded':
      return renderBudgetExceeded(result, safe);
    case 'skipped':
      return `nanodex did nothing: ${safe(result.reason)}`;
    case 'failed':
      return renderFailure(result);
  }
}

function renderLocate(files: Extract<RunResult, { command: 'locate' }>['files'], safe: Safe, detail: 'comment' | 'terminal'): string {
  if (files.length === 0) return 'nanodex found no file that matches.';
  const score = (f: { score: number }) => (detail === 'terminal' ? ` (${f.score.toFixed(2)})` : '');
  return ['**Files that look relevant**', '', ...files.map((f, i) => `${i + 1}. ${code(f.path)}${score(f)}: ${safe(f.reason)}`)].join('\n');
}

/** The comment a front would post, then the inline review comments it would place, each with its line, and the notes. */
function renderCommentWithExtras(result: Extract<RunResult, { comment: unknown }>): string {
  const out = [result.comment.body];
  if (result.comment.reviewComments.length > 0) {
    out.push('---', `Inline comments (${result.comment.reviewComments.length}):`);
    for (const c of result.comment.reviewComments) {
      out.push(`#### ${c.path}:${c.startLine !== undefined ? `${c.startLine}-` : ''}${c.line}\n${c.body}`);
    }
  }
  // A note the comment already shows (the ERD's "no data model") is not printed a second time.
  const notes = result.notes.filter((n) => !result.comment.body.includes(n));
  if (notes.length > 0) out.push('---', notes.map((n) => `note: ${n}`).join('\n'));
  return out.join('\n\n');
}

/** `ask`: the model's answer when there is one, then what it rests on: findings, the evidence with its lines, the gaps. */
function renderAsk(result: Extract<RunResult, { kind: 'done'; command: 'ask' }>, safe: Safe): string {
  const c = result.context;
  const m = result.metrics;
  const blocks: Block[] = [
    {
      title: 'the summary',
      essential: true,
      text: `## ${safe(c.summary)}\n\nConfidence: **${c.confidence}** (${safe(c.confidenceReason)}).`,
    },
  ];
  if (result.answer) {
    const cites = result.answer.citations.map((x) => code(`${x.path}:${x.startLine}-${x.endLine}`)).join(', ');
    const removed =
      result.answer.removedCitations > 0
        ? `\n\n(${plural(result.answer.removedCitations, 'citation')} not backed by the evidence removed.)`
        : '';
    blocks.push({
      title: 'the answer',
      essential: true,
      text: `### Answer\n\n${safe(result.answer.text)}\n\n${cites ? `Cited: ${cites}` : 'No citations.'}${removed}`,
    });
  } else {
    blocks.push({
      title: 'the note',
      essential: true,
      text: `Answered offline from the index (planner: ${m.planPath}); an explanation in prose needs a model.`,
    });
  }
  if (result.refusedToolCalls.length > 0) {
    blocks.push({
      title: 'refused tool calls',
      text: `Refused tool calls: ${result.refusedToolCalls.map((r) => `${r.tool} (${r.phase})`).join(', ')}.`,
    });
  }
  if (c.keyFindings.length > 0)
    blocks.push({ title: 'the findings', text: ['### Findings', ...c.keyFindings.map((f) => `- ${safe(f)}`)].join('\n') });
  for (const e of c.evidence) {
    blocks.push({
      title: `${e.path}:${e.startLine}-${e.endLine}`,
      text: `#### ${code(`${e.path}:${e.startLine}-${e.endLine}`)}\n_${safe(e.reason)}_\n${fence(e.snippet, languageOf(e.path))}`,
    });
  }
  if (c.knownGaps.length > 0)
    blocks.push({ title: 'the known gaps', text: ['### Known gaps', ...c.knownGaps.map((g) => `- ${safe(g)}`)].join('\n') });
  blocks.push({
    title: 'the footer',
    essential: true,
    text: `<sub>${plural(m.rounds, 'round')}, ${plural(m.filesTouched, 'file')}, ${(m.bytesFetched / 1024).toFixed(1)} KB read, ~${m.tokensInContext} tokens, ${m.latency.totalMs} ms</sub>`,
  });
  return fitComment(blocks).body;
}

function renderBudgetExceeded(result: Extract<RunResult, { kind: 'budget-exceeded' }>, safe: Safe): string {
  const lines = [
    `**nanodex stopped: the ${LIMIT_NAMES[result.limit]} budget was reached** (${formatAmount(result.limit, result.used)} of ${formatAmount(result.limit, result.allowed)}).`,
    'The analysis is incomplete, so no answer is given.',
    '',
    `**To go further:** ${safe(result.howToRaise)}.`,
  ];
  const ranges = new Map<string, string[]>();
  for (const item of result.gathered) ranges.set(item.path, [...(ranges.get(item.path) ?? []), `${item.startLine}-${item.endLine}`]);
  if (ranges.size === 0) return [...lines, '', 'Nothing was gathered before the limit.'].join('\n');
  const listed = [...ranges].slice(0, MAX_GATHERED_LISTED).map(([path, spans]) => `- ${code(path)} lines ${spans.join(', ')}`);
  const more = ranges.size - listed.length;
  return [
    ...lines,
    '',
    `<details><summary>Gathered before the limit: ${plural(ranges.size, 'file')}</summary>`,
    '',
    ...listed,
    ...(more > 0 ? [`- and ${plural(more, 'more file')}`] : []),
    '',
    '</details>',
  ].join('\n');
}

function formatAmount(limit: BudgetLimit, value: number): string {
  if (limit === 'bytes') return value < 1024 ? `${value} bytes` : `${(value / 1024).toFixed(0)} KB`;
  if (limit === 'wallMs') return value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(0)} s`;
  return String(value);
}
