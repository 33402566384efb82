import type { BudgetLimit } from '../core/budget/budget.js';
import type { RunResult } from '../core/request.js';
import { code, plural } from '../core/render/markdown.js';
import { renderIndexWarning } from '../core/render/render-index-warning.js';
import { sanitizeModelText } from '../core/render/sanitize-model-text.js';
import { redactSecrets } from '../core/secrets/redact-secrets.js';

/** Gathered evidence listed in a budget reply before the rest is counted: the list is a hint, not the answer. */
const MAX_GATHERED_LISTED = 20;

const LIMIT_NAMES: Record<BudgetLimit, string> = {
  rounds: 'exploration rounds', files: 'files read', bytes: 'bytes fetched',
  contextTokens: 'context tokens', modelCalls: 'model calls', wallMs: 'time',
};

/** The Markdown a front posts for any result, secrets redacted; the sticky comment's final state. */
export async function renderReply(result: RunResult, options: { requester?: string } = {}): Promise<string> {
  const reply = renderOutcome(result, options);
  // A comment carries it already (composeComment); the other replies get it here, first.
  const warning = 'metrics' in result && !('comment' in result) ? renderIndexWarning(result.metrics.index) : undefined;
  return redactSecrets(warning === undefined ? reply : `${warning}\n\n${reply}`);
}

function renderOutcome(result: RunResult, options: { requester?: string }): string {
  const safe = (text: string): string => sanitizeModelText(text, { requester: options.requester }).text;
  switch (result.kind) {
    case 'done':
      if ('comment' in result) return result.comment.body;
      if (result.command === 'locate') {
        const files = result.files.map((f) => `- ${code(f.path)}: ${safe(f.reason)}`);
        return files.length > 0 ? ['**Files that look relevant**', '', ...files].join('\n') : 'nanodex found no file that matches.';
      }
      return result.answer !== undefined ? safe(result.answer.text) : safe(result.context.summary);
    case 'budget-exceeded':
      return renderBudgetExceeded(result, safe);
    case 'skipped':
      return `nanodex did nothing: ${safe(result.reason)}`;
    case 'failed':
      return renderFailure(result.message, result.referenceId, safe);
  }
}

/** The sticky comment's first state, posted as soon as the request is accepted. */
export function renderWorking(command: string): string {
  return `⏳ nanodex is working on ${code(command)} …`;
}

function renderFailure(message: string, referenceId: string, safe: (text: string) => string): string {
  // describeError puts the hint on its own "fix:" line; keep it as a separate sentence.
  const [what = '', ...rest] = message.split('\n');
  const fix = rest.map((l) => l.trim().replace(/^fix:\s*/, '')).filter((l) => l !== '').join(' ');
  const lines = [`nanodex could not finish: ${safe(what.replace(/\.$/, ''))} (reference ${code(referenceId)})`];
  if (fix !== '') lines.push('', `**How to fix:** ${safe(fix)}`);
  return lines.join('\n');
}

function renderBudgetExceeded(result: Extract<RunResult, { kind: 'budget-exceeded' }>, safe: (text: string) => string): string {
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
    ...lines, '',
    `<details><summary>Gathered before the limit: ${plural(ranges.size, 'file')}</summary>`, '',
    ...listed, ...(more > 0 ? [`- and ${plural(more, 'more file')}`] : []), '',
    '</details>',
  ].join('\n');
}

function formatAmount(limit: BudgetLimit, value: number): string {
  if (limit === 'bytes') return `${(value / 1024).toFixed(0)} KB`;
  if (limit === 'wallMs') return `${(value / 1000).toFixed(0)} s`;
  return String(value);
}
