/** Query latencies over the built index: lookups, graph walks, FTS, repo map. */
import { GraphQueries } from '../src/core/code-index/graph-queries.js';
import { splitIdentifier } from '../src/core/code-index/identifier-terms.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import { buildRepoMap } from '../src/core/code-index/repo-map.js';
import { searchChunks } from '../src/core/code-index/search-chunks.js';
import { measureLatency, medianTime, type Latency } from './measure.js';

const DEFINITION_SAMPLE = 2_000;
const GRAPH_SAMPLE = 200;
const FTS_SAMPLE = 500;
const MAP_RUNS = 5;
const FIXED_QUESTIONS = [
  'parse http request', 'read file', 'retry upload', 'open database connection', 'split path into parts',
  'format date string', 'compile regular expression', 'encode base64',
];

export interface QueryResults {
  findDefinitions: Latency;
  findReferences: Latency;
  callers: Latency;
  fts: Latency & { emptyResults: number };
  repoMap: { ms: number; all: number[]; files: number; tokens: number };
  repoMapMentions: { ms: number; all: number[]; files: number; tokens: number; mention: string };
}

/** Every k-th row of `sql` (which must select `id` first), so the sample spreads over the whole table. */
function everyKth<T>(store: IndexStore, sql: string, where: string, want: number): T[] {
  const total = store.statement(`SELECT count(*) FROM symbols WHERE ${where}`).pluck().get() as number;
  const k = Math.max(1, Math.floor(total / want));
  return store.statement(
    `SELECT * FROM (SELECT *, row_number() OVER (ORDER BY id) - 1 AS rn FROM (${sql} WHERE ${where}))
     WHERE rn % ${k} = 0 ORDER BY rn LIMIT ${want}`,
  ).all() as T[];
}

/** Plain-words questions from multi-word identifiers: `parseHttpRequest` -> `parse http request`. */
export function buildQuestions(store: IndexStore, want: number): string[] {
  const names = everyKth<{ id: number; name: string }>(
    store, 'SELECT id, name FROM symbols', `kind IN ('function', 'method', 'class') AND length(name) >= 8`, want * 4,
  );
  const questions = new Set<string>(FIXED_QUESTIONS);
  for (const { name } of names) {
    const words = splitIdentifier(name).filter((w) => w.length > 1 && /^[a-z]+$/.test(w));
    if (words.length < 2) continue;
    // 2 or 3 words, alternating, starting at the front of the name.
    const take = questions.size % 2 === 0 ? 3 : 2;
    questions.add(words.slice(0, take).join(' '));
    if (questions.size >= want + FIXED_QUESTIONS.length) break;
  }
  return [...questions];
}

export function measureQueries(store: IndexStore): QueryResults {
  const graph = new GraphQueries(store);
  const defNames = everyKth<{ id: number; name: string }>(store, 'SELECT id, name FROM symbols', '1 = 1', DEFINITION_SAMPLE)
    .map((r) => r.name);
  const findDefinitions = measureLatency(defNames, (name) => graph.findDefinitions(name));

  const refNames = defNames.filter((_, i) => i % Math.max(1, Math.floor(defNames.length / GRAPH_SAMPLE)) === 0)
    .slice(0, GRAPH_SAMPLE);
  const findReferences = measureLatency(refNames, (name) => graph.findReferences(name));

  const callables = everyKth<{ id: number; name: string }>(
    store, 'SELECT id, name FROM symbols', `kind IN ('function', 'method', 'class')`, GRAPH_SAMPLE,
  );
  const callers = measureLatency(callables, (s) => graph.callers(s.id, 2), { warmup: 5, budgetMs: 180_000 });

  const questions = buildQuestions(store, FTS_SAMPLE);
  let emptyResults = 0;
  const fts = measureLatency(questions, (q) => {
    const hits = searchChunks(store, q, { limit: 20 });
    if (hits.length === 0) emptyResults += 1;
    return hits;
  });

  let plain = buildRepoMap(store, { tokens: 2048 });
  const repoMapTimes = medianTime(MAP_RUNS, () => {
    plain = buildRepoMap(store, { tokens: 2048 });
  });
  // A class name from the middle of the callable sample: what a prompt might mention.
  const mention = callables.map((c) => c.name).find((n, i) => i >= callables.length / 2 && /^[A-Z][a-z]+[A-Z]\w{3,}$/.test(n))
    ?? callables[Math.floor(callables.length / 2)]?.name ?? 'parse';
  let focused = buildRepoMap(store, { tokens: 2048, mentions: [mention] });
  const mentionTimes = medianTime(MAP_RUNS, () => {
    focused = buildRepoMap(store, { tokens: 2048, mentions: [mention] });
  });
  return {
    findDefinitions,
    findReferences,
    callers,
    fts: { ...fts, emptyResults },
    repoMap: { ms: repoMapTimes.ms, all: repoMapTimes.all, files: plain.files.length, tokens: plain.tokens },
    repoMapMentions: { ms: mentionTimes.ms, all: mentionTimes.all, files: focused.files.length, tokens: focused.tokens, mention },
  };
}
