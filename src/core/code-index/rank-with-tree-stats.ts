import type { IndexStore } from './index-store.js';
import { stemWords } from './stem-words.js';
import type { TreeTermStats } from './tree-term-stats.js';

/** A row of the search table and its BM25 score (lower is better, as FTS5's). */
export interface RankedRow {
  rowid: number;
  score: number;
}

/** One term's rows with its bm25() alone, and its key in TreeTermStats: kept across the queries of one search. */
export interface TermRows {
  key: string;
  scored: RankedRow[];
}

/** FTS5's floor for a term in more than half the rows (its bm25() clamps a negative idf so). */
const MIN_IDF = 1e-6;

/**
 * The rows matching `match`, ranked by FTS5's bm25() with each term's idf as
 * the whole tree would give it, best first. A first answer's index holds the
 * files picked for the question's words, so its own statistics count those
 * words in most rows: a common word of the question (`ask` in sympy) weighs
 * as little as a rare one would in the whole index, and the best chunk stands
 * further above the rest (every chunk's relevance to it falls). Each term's
 * rows are counted in the tree as the index counts them among the picked
 * files, scaled by the files holding it in the tree against among the picked
 * (the text scan's counts); a term the scan did not count keeps the index's
 * own share of rows. Per term, bm25() over that term alone is its idf times
 * its part of the score, so each part is taken from FTS5 and only the idf
 * replaced: column weights, term frequency and length are FTS5's own.
 */
export function rankWithTreeStats(
  store: IndexStore,
  match: string,
  options: { stats: TreeTermStats; weights: string; terms?: Map<string, TermRows> },
): RankedRow[] {
  const { stats, weights } = options;
  const cache = options.terms ?? new Map<string, TermRows>();
  const counts = new Map<string, number>();
  for (const m of match.matchAll(/"((?:[^"]|"")*)"/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const phrases = [...counts.keys()];
  const rows = store.statement('SELECT count(*) FROM chunks').pluck().get() as number;
  const treeRows = (rows * stats.files) / stats.picked;
  const missing = phrases.filter((p) => !cache.has(p));
  const keys = stemWords(missing.map((p) => p.replace(/""/g, '"')));
  missing.forEach((phrase, i) => {
    const scored = store
      .statement(`SELECT rowid, bm25(chunks_fts, ${weights}) AS score FROM chunks_fts WHERE chunks_fts MATCH @match`)
      .all({ match: `"${phrase}"` }) as RankedRow[];
    cache.set(phrase, { key: keys[i]!, scored });
  });
  const parts = new Map<number, number>();
  for (const phrase of phrases) {
    const { key, scored } = cache.get(phrase)!;
    if (scored.length === 0) continue;
    const own = idf(rows, scored.length);
    const counted = stats.terms[key];
    const inTree = counted && counted[1] > 0 ? (scored.length * counted[0]) / counted[1] : (scored.length * treeRows) / rows;
    const weight = (counts.get(phrase)! * idf(treeRows, Math.min(inTree, treeRows))) / own;
    for (const row of scored) parts.set(row.rowid, (parts.get(row.rowid) ?? 0) + row.score * weight);
  }
  const matched = store.statement('SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH @match').pluck().all({ match }) as number[];
  return matched.map((rowid) => ({ rowid, score: parts.get(rowid) ?? 0 })).sort((a, b) => a.score - b.score || a.rowid - b.rowid);
}

function idf(rows: number, holding: number): number {
  return Math.max(Math.log((rows - holding + 0.5) / (holding + 0.5)), MIN_IDF);
}
