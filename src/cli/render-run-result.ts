import type { RunResult } from '../core/request.js';
import { languageOf } from '../core/render/markdown.js';
import { renderIndexWarning } from '../core/render/render-index-warning.js';

/** Markdown for a person reading the CLI's output. */
export function renderRunResult(result: RunResult): string {
  const text = renderOutcome(result);
  // A comment carries it already (composeComment); the other results get it here, first.
  const warning = 'metrics' in result && !('comment' in result) ? renderIndexWarning(result.metrics.index) : undefined;
  return warning === undefined ? text : `${warning}\n\n${text}`;
}

function renderOutcome(result: RunResult): string {
  switch (result.kind) {
    case 'failed':
      return `nanodex could not finish: ${result.message} (reference ${result.referenceId})\n`;
    case 'skipped':
      return `Nothing to do: ${result.reason}\n`;
    case 'budget-exceeded': {
      const gathered = result.gathered.map((e) => `- ${e.path}:${e.startLine}-${e.endLine} (${e.reason})`).join('\n');
      return [
        `**Stopped: the ${result.limit} budget was reached** (${result.used} used of ${result.allowed}).`,
        'The analysis is incomplete, so no answer is given.',
        `To go further: ${result.howToRaise}.`,
        '',
        result.gathered.length > 0 ? `Gathered before the limit:\n${gathered}` : 'Nothing was gathered before the limit.',
        '',
      ].join('\n');
    }
    case 'done':
      if ('comment' in result) return renderComment(result);
      if (result.command === 'locate') {
        return result.files.map((f, i) => `${String(i + 1).padStart(2)}. ${f.path}  (${f.score.toFixed(2)}: ${f.reason})`).join('\n') + '\n';
      }
      return renderContext(result);
  }
}

/** The comment a front would post, then the inline review comments it would place, each with its line. */
function renderComment(result: Extract<RunResult, { comment: unknown }>): string {
  const out = [result.comment.body, ''];
  if (result.comment.reviewComments.length > 0) {
    out.push('---', `Inline comments (${result.comment.reviewComments.length}):`, '');
    for (const c of result.comment.reviewComments) {
      out.push(`#### ${c.path}:${c.startLine !== undefined ? `${c.startLine}-` : ''}${c.line}`, c.body, '');
    }
  }
  if (result.notes.length > 0) out.push('---', ...result.notes.map((n) => `note: ${n}`), '');
  return out.join('\n');
}

function renderContext(result: Extract<RunResult, { kind: 'done'; command: 'ask' }>): string {
  const c = result.context;
  const m = result.metrics;
  const out = [`## ${c.summary}`, '', `Confidence: **${c.confidence}** (${c.confidenceReason}).`];
  if (result.answer) {
    const cites = result.answer.citations.map((x) => `${x.path}:${x.startLine}-${x.endLine}`).join(', ');
    out.push('', '### Answer', result.answer.text, '', cites ? `Cited: ${cites}` : 'No citations.');
    if (result.answer.removedCitations > 0) out.push(`(${result.answer.removedCitations} citation(s) not backed by the evidence were removed.)`);
  } else {
    out.push(`Answered offline from the index (planner: ${m.planPath}); an explanation in prose needs a model (--provider).`);
  }
  if (result.refusedToolCalls.length > 0) out.push(`Refused tool calls: ${result.refusedToolCalls.map((r) => `${r.tool} (${r.phase})`).join(', ')}.`);
  out.push('');
  if (c.keyFindings.length > 0) out.push('### Findings', ...c.keyFindings.map((f) => `- ${f}`), '');
  if (c.evidence.length > 0) {
    out.push('### Evidence');
    for (const e of c.evidence) {
      out.push(`#### ${e.path}:${e.startLine}-${e.endLine}`, `_${e.reason}_`, '```' + languageOf(e.path), e.snippet, '```', '');
    }
  }
  if (c.knownGaps.length > 0) out.push('### Known gaps', ...c.knownGaps.map((g) => `- ${g}`), '');
  out.push(
    `<sub>${m.rounds} round(s), ${m.filesTouched} file(s), ${(m.bytesFetched / 1024).toFixed(1)} KB read, ` +
    `~${m.tokensInContext} tokens, ${m.latency.totalMs} ms</sub>`,
    '',
  );
  return out.join('\n');
}

