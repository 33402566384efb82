import type { RunMetrics } from '../request.js';

export interface FooterExtras {
  madeWithModel: boolean;
  skill?: { name: string; source: 'built-in' | 'repository' };
  citationsRemoved?: number;
}

/**
 * The run's metrics and budget use in a collapsed block at the end of every
 * comment: what was read, what it cost against each limit, how long each
 * stage took, and whether a model wrote any of it.
 */
export function renderFooter(m: RunMetrics, extras: FooterExtras): string {
  const b = m.budget;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const rows: [string, string, string][] = [
    ['rounds', String(m.rounds), String(b.rounds)],
    ['files read', String(m.filesTouched), String(b.files)],
    ['bytes read', kb(m.bytesFetched), kb(b.bytes)],
    ['tokens in context', String(m.tokensInContext), String(b.contextTokens)],
    ['model calls', String(m.modelCalls), String(b.modelCalls)],
    ['wall time', `${(m.latency.totalMs / 1000).toFixed(1)} s`, `${(b.wallMs / 1000).toFixed(0)} s`],
  ];
  const l = m.latency;
  const made = extras.madeWithModel
    ? 'written with a language model from the evidence'
    : 'made without a language model, from the code index';
  const notes = [
    `Skill: ${extras.skill ? `${extras.skill.name} (${extras.skill.source})` : m.command} · plan: ${m.planPath} · ${made}.`,
    `Stages: ${l.indexMs === undefined ? '' : `index ${l.indexMs} ms · `}tree ${l.metadataTreeMs} ms · planning ${l.planningMs} ms · retrieval ${l.retrievalMs} ms · generation ${l.generationMs} ms.`,
  ];
  const removed = (extras.citationsRemoved ?? 0) + m.evidenceDropped;
  if (removed > 0) notes.push(`Citations or evidence removed because they did not resolve: ${removed}.`);
  if (m.refusedToolCalls > 0) notes.push(`Tool calls refused (outside their phase): ${m.refusedToolCalls}.`);
  if (m.memory) {
    const files = m.memory.files.slice(0, 5).map((f) => `\`${f}\``);
    const more = m.memory.files.length > 5 ? ` and ${m.memory.files.length - 5} more` : '';
    const gone = m.memory.dropped > 0 ? `; ${m.memory.dropped} cited earlier no longer exist and were left out` : '';
    notes.push(
      `Carried over from ${m.memory.requests} earlier request${m.memory.requests === 1 ? '' : 's'} in this thread: ${files.length > 0 ? `${files.join(', ')}${more}` : 'no file'}${gone}.`,
    );
  }
  return [
    '<details>',
    `<summary>nanodex · ${m.rounds} rounds · ${m.filesTouched} files · ${kb(m.bytesFetched)} · ${(m.latency.totalMs / 1000).toFixed(1)} s${extras.madeWithModel ? '' : ' · offline'}</summary>`,
    '',
    '| budget | used | limit |',
    '| --- | ---: | ---: |',
    ...rows.map(([name, used, limit]) => `| ${name} | ${used} | ${limit} |`),
    '',
    ...notes.map((n) => `${n}  `),
    '</details>',
  ].join('\n');
}
