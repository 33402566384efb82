/** Query latencies over the built index: lookups, graph walks, FTS, repo map. */
import { GraphQueries } from '../src/core/code-index/graph-queries.js';
import { splitIdentifier } from '../src/core/code-index/identifier-terms.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import { searchChunks } from '../src/core/code-index/search-chunks.js';
import { kindCodesSql, kindNameSql } from '../src/core/code-index/stored-kinds.js';
import { measureCallers, measureRepoMap, type RepoMapTiming } from './child-queries.js';
import { measureLatency, type Latency } from './measure.js';

const DEFINITION_SAMPLE = 2_000;
const GRAPH_SAMPLE = 200;
const FTS_SAMPLE = 500;
const MAP_RUNS = 5;
/** A callers() walk past this is stopped and counted as a timeout; the whole sample gets CALLER_BUDGET_MS. */
const CALLER_TIMEOUT_MS = 5_000;
const CALLER_BUDGET_MS = 150_000;
/** A repo map build past this is stopped (target: 1 s). */
const REPO_MAP_TIMEOUT_MS = 30_000;
const FIXED_QUESTIONS = [
  'parse http request',
  'read file',
  'retry upload',
  'open database connection',
  'split path into parts',
  'format date string',
  'compile regular expression',
  'encode base64',
];

export interface QueryResults {
  findDefinitions: Latency;
  findReferences: Latency;
  callers: Latency & { callTimeoutMs: number };
  fts: Latency & { emptyResults: number };
  repoMap: RepoMapTiming;
  repoMapMentions: RepoMapTiming & { mention: string };
}

const log = (message: string): void => {
  process.stderr.write(`[bench]   ${message}\n`);
};

/** Every k-th row of `sql` (which must select `id`), so the sample spreads over the whole table. */
function everyKth<T>(store: IndexStore, sql: string, where: string, want: number): T[] {
  const total = store.statement(`SELECT count(*) FROM symbols WHERE ${where}`).pluck().get() as number;
  const k = Math.max(1, Math.floor(total / want));
  return store
    .statement(
      `SELECT * FROM (SELECT *, row_number() OVER (ORDER BY id) - 1 AS rn FROM (${sql} WHERE ${where}))
     WHERE rn % ${k} = 0 ORDER BY rn LIMIT ${want}`,
    )
    .all() as T[];
}

/** Plain-words questions from multi-word identifiers: `parseHttpRequest` -> `parse http request`. */
export function buildQuestions(store: IndexStore, want: number): string[] {
  const names = everyKth<{ id: number; name: string }>(
    store,
    'SELECT id, name FROM symbols',
    `kind IN ${kindCodesSql('symbol', ['function', 'method', 'class'])} AND length(name) >= 8`,
    want * 4,
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

export async function measureQueries(store: IndexStore, indexFile: string): Promise<QueryResults> {
  const graph = new GraphQueries(store);
  const defNames = everyKth<{ id: number; name: string }>(store, 'SELECT id, name FROM symbols', '1 = 1', DEFINITION_SAMPLE).map(
    (r) => r.name,
  );
  const findDefinitions = measureLatency(defNames, (name) => graph.findDefinitions(name));
  log(`findDefinitions: p50 ${findDefinitions.p50.toFixed(3)} ms over ${findDefinitions.n} names`);

  const step = Math.max(1, Math.floor(defNames.length / GRAPH_SAMPLE));
  const refNames = defNames.filter((_, i) => i % step === 0).slice(0, GRAPH_SAMPLE);
  const findReferences = measureLatency(refNames, (name) => graph.findReferences(name));
  log(`findReferences: p50 ${findReferences.p50.toFixed(3)} ms over ${findReferences.n} names`);

  const callables = everyKth<{ id: number; name: string; kind: string }>(
    store,
    `SELECT id, name, ${kindNameSql('symbol', 'kind')} AS kind FROM symbols`,
    `kind IN ${kindCodesSql('symbol', ['function', 'method', 'class'])}`,
    GRAPH_SAMPLE,
  );
  // Checkpoint so the child's read-only connection starts from a short WAL.
  store.checkpoint();
  const callers = await measureCallers(indexFile, callables, { depth: 2, callTimeoutMs: CALLER_TIMEOUT_MS, budgetMs: CALLER_BUDGET_MS });
  log(`callers(id, 2): p50 ${callers.p50.toFixed(3)} ms over ${callers.n} symbols, ${callers.timeouts} timed out`);

  const questions = buildQuestions(store, FTS_SAMPLE);
  let emptyResults = 0;
  const fts = measureLatency(questions, (q) => {
    const hits = searchChunks(store, q, { limit: 20 });
    if (hits.length === 0) emptyResults += 1;
    return hits;
  });
  log(`FTS: p50 ${fts.p50.toFixed(3)} ms over ${fts.n} questions`);

  // A class-like name from the second half of the callable sample: what a prompt might mention.
  const mention =
    callables.map((c) => c.name).find((n, i) => i >= callables.length / 2 && /^[A-Z][a-z]+[A-Z]\w{3,}$/.test(n)) ??
    callables[Math.floor(callables.length / 2)]?.name ??
    'parse';
  const limits = { callTimeoutMs: REPO_MAP_TIMEOUT_MS, budgetMs: REPO_MAP_TIMEOUT_MS * (MAP_RUNS + 1), runs: MAP_RUNS, tokens: 2048 };
  const repoMap = await measureRepoMap(indexFile, limits);
  log(`repo map: ${repoMap.timedOut ? `timed out (> ${REPO_MAP_TIMEOUT_MS} ms)` : `${repoMap.ms.toFixed(1)} ms`}`);
  const repoMapMentions = { ...(await measureRepoMap(indexFile, { ...limits, mentions: [mention] })), mention };
  log(
    `repo map with mentions: ${repoMapMentions.timedOut ? `timed out (> ${REPO_MAP_TIMEOUT_MS} ms)` : `${repoMapMentions.ms.toFixed(1)} ms`}`,
  );
  return {
    findDefinitions,
    findReferences,
    callers,
    fts: { ...fts, emptyResults },
    repoMap,
    repoMapMentions,
  };
}
