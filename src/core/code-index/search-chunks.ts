import type { IndexStore } from './index-store.js';
import { splitIdentifier } from './identifier-terms.js';

export interface ChunkHit {
  chunkId: number;
  path: string;
  startLine: number;
  endLine: number;
  kind: string;
  context: string;
  /** BM25 score: lower is better (FTS5's convention). */
  score: number;
}

/** Question words that say nothing about the code. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'is',
  'it', 'me', 'my', 'of', 'on', 'or', 'show', 'that', 'the', 'this', 'to', 'what', 'when', 'where', 'which',
  'who', 'why', 'with', 'we', 'you', 'find', 'code', 'there', 'used', 'use', 'uses', 'get',
]);

/** Weights for the FTS columns (names, path, body): a name match outranks a mention. */
const BM25_WEIGHTS = '8.0, 3.0, 1.0';

/**
 * Terms of a question for the FTS index: identifiers split like the indexed
 * text, stop words dropped, each term quoted so FTS5 syntax in the question
 * cannot change the query.
 */
export function toFtsQuery(question: string): string | undefined {
  const terms = new Set<string>();
  for (const word of question.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) {
    const parts = splitIdentifier(word);
    if (parts.length > 1) terms.add(parts.join(''));
    for (const part of parts) if (!STOP_WORDS.has(part) && part.length > 1) terms.add(part);
  }
  if (terms.size === 0) return undefined;
  return [...terms].map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** BM25 search over chunks. `pathPrefix` limits hits to a folder. */
export function searchChunks(
  store: IndexStore,
  question: string,
  options: { limit?: number; pathPrefix?: string } = {},
): ChunkHit[] {
  const match = toFtsQuery(question);
  if (!match) return [];
  const limit = options.limit ?? 20;
  const prefix = options.pathPrefix ? options.pathPrefix.replace(/\/?$/, '/') : '';
  // Over-fetch when filtering by folder, since the filter runs after ranking.
  const fetch = prefix ? limit * 10 : limit;
  return store.statement(
    `SELECT c.id AS chunkId, f.path, c.start_line AS startLine, c.end_line AS endLine, c.kind, c.context, hits.score
     FROM (SELECT rowid, bm25(chunks_fts, ${BM25_WEIGHTS}) AS score FROM chunks_fts
           WHERE chunks_fts MATCH @match ORDER BY score LIMIT @fetch) hits
     JOIN chunks c ON c.id = hits.rowid JOIN files f ON f.id = c.file_id
     WHERE @prefix = '' OR substr(f.path, 1, length(@prefix)) = @prefix
     ORDER BY hits.score LIMIT @limit`,
  ).all({ match, fetch, prefix, limit }) as ChunkHit[];
}
