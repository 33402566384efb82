import { renderReply } from '../core/index.js';
import type { ActionOutcome } from './action-context.js';

/**
 * The job summary: what happened, the answer (or why there is none), the
 * run's metrics and the index's state. Pure, so a test reads it whole.
 */
export async function renderJobSummary(outcome: ActionOutcome | undefined, failure: string | undefined): Promise<string> {
  const out = ['## nanodex', ''];
  if (failure !== undefined) out.push(`> [!CAUTION]`, `> The step failed: ${failure.split('\n').join('\n> ')}`, '');
  if (outcome === undefined) return out.join('\n');
  out.push(outcome.headline, '');
  for (const notice of outcome.notices) out.push('> [!NOTE]', `> ${notice}`, '');
  if (outcome.commentUrl !== undefined) out.push(`Posted: ${outcome.commentUrl}`, '');
  if (outcome.result !== undefined) out.push('### Result', '', await renderReply(outcome.result), '');
  if (outcome.result !== undefined && 'metrics' in outcome.result) {
    const m = outcome.result.metrics;
    out.push(
      '### Metrics',
      '',
      '| command | rounds | files | KB read | tokens | model calls | time |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| ${m.command} | ${m.rounds} | ${m.filesTouched} | ${(m.bytesFetched / 1024).toFixed(1)} | ${m.tokensInContext} | ${m.modelCalls} | ${m.latency.totalMs} ms |`,
      '',
    );
  }
  if (outcome.index !== undefined) {
    const { stats, cache } = outcome.index;
    out.push(
      '### Index',
      '',
      '| files | added | changed | removed | unchanged | time | cache |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| ${stats.files} | ${stats.added} | ${stats.changed} | ${stats.removed} | ${stats.unchanged} | ${stats.timings.totalMs} ms | ${describeCache(cache)} |`,
      '',
    );
  }
  return out.join('\n');
}

function describeCache(cache: NonNullable<ActionOutcome['index']>['cache']): string {
  const restored = cache.restoredKey === undefined ? '' : ` from \`${cache.restoredKey}\``;
  const saved = cache.savedKey === undefined ? '' : `, saved \`${cache.savedKey}\``;
  const problem = cache.saveProblem === undefined ? '' : ', not saved (see the log)';
  return `${cache.status}${restored}${saved}${problem}`;
}
