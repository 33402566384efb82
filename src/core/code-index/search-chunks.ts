import { chunkContextSql } from './chunk-context.js';
import type { IndexStore } from './index-store.js';
import { splitIdentifier } from './identifier-terms.js';
import { kindNameSql } from './stored-kinds.js';

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
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'do',
  'does',
  'for',
  'from',
  'how',
  'i',
  'in',
  'is',
  'it',
  'me',
  'my',
  'of',
  'on',
  'or',
  'show',
  'that',
  'the',
  'this',
  'to',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'with',
  'we',
  'you',
  'find',
  'code',
  'there',
  'used',
  'use',
  'uses',
  'get',
]);

/** Weights for the FTS columns in schema order (body, names, path): a name match outranks a mention. */
const BM25_WEIGHTS = '1.0, 8.0, 3.0';

export interface FtsQuery {
  /** Every word of the question must match (an identifier matches whole or by all its parts). */
  strict: string;
  /** Any term may match: the fallback when the strict query finds too little. */
  loose: string;
}

/**
 * A question as FTS5 queries: identifiers split like the indexed text, stop
 * words dropped, every term quoted so FTS5 syntax in a question is inert.
 */
export function toFtsQuery(question: string): FtsQuery | undefined {
  const groups: string[] = [];
  const terms = new Set<string>();
  const seenWords = new Set<string>();
  for (const word of question.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) {
    const parts = splitIdentifier(word).filter((p) => p.length > 1 && !STOP_WORDS.has(p));
    if (parts.length === 0 || seenWords.has(parts.join(' '))) continue;
    seenWords.add(parts.join(' '));
    parts.forEach((p) => terms.add(p));
    if (parts.length === 1) {
      groups.push(quote(parts[0]!));
    } else {
      terms.add(parts.join(''));
      groups.push(`(${quote(parts.join(''))} OR (${parts.map(quote).join(' AND ')}))`);
    }
  }
  if (groups.length === 0) return undefined;
  return { strict: groups.join(' AND '), loose: [...terms].map(quote).join(' OR ') };
}

function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * BM25 search over chunks. Chunks matching every word rank first; when they
 * are fewer than `limit`, chunks matching any word fill the rest (unless
 * `allWords`).
 * `phrase` keeps only chunks holding the words in order, side by side (a
 * quoted check name: `used-before-assignment` or `used_before_assignment`,
 * not a comment that uses "used" before an "assignment"); as the search text
 * keeps each word once, where it first appears, the words must first appear
 * so. `pathPrefix` limits hits to a folder.
 */
export function searchChunks(
  store: IndexStore,
  question: string,
  options: { limit?: number; pathPrefix?: string; allWords?: boolean; phrase?: boolean } = {},
): ChunkHit[] {
  const limit = options.limit ?? 20;
  const prefix = options.pathPrefix ? options.pathPrefix.replace(/\/?$/, '/') : '';
  if (options.phrase) {
    // Words as the index stores them (a leading letter): a number alone (`utf-8`'s 8) is no term, so no phrase could hold it.
    const parts = (question.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []).flatMap((w) => splitIdentifier(w));
    return parts.length === 0 ? [] : runMatch(store, quote(parts.join(' ')), limit, prefix);
  }
  const query = toFtsQuery(question);
  if (!query) return [];
  const hits = runMatch(store, query.strict, limit, prefix);
  if (hits.length >= limit || query.loose === query.strict || options.allWords) return hits;
  const seen = new Set(hits.map((h) => h.chunkId));
  for (const hit of runMatch(store, query.loose, limit + hits.length, prefix)) {
    if (hits.length >= limit) break;
    if (!seen.has(hit.chunkId)) hits.push(hit);
  }
  return hits;
}

function runMatch(store: IndexStore, match: string, limit: number, prefix: string): ChunkHit[] {
  // With a folder filter every match is ranked (the filter runs after ranking); without, only the top.
  return store
    .statement(
      `SELECT c.id AS chunkId, f.path, c.start_line AS startLine, c.end_line AS endLine, ${kindNameSql('chunk', 'c.kind')} AS kind, ${chunkContextSql('c')} AS context, hits.score
     FROM (SELECT rowid, bm25(chunks_fts, ${BM25_WEIGHTS}) AS score FROM chunks_fts
           WHERE chunks_fts MATCH @match ORDER BY score LIMIT @fetch) hits
     JOIN chunks c ON c.id = hits.rowid JOIN files f ON f.id = c.file_id
     WHERE @prefix = '' OR substr(f.path, 1, length(@prefix)) = @prefix
     ORDER BY hits.score LIMIT @limit`,
    )
    .all({ match, fetch: prefix ? -1 : limit, prefix, limit }) as ChunkHit[];
}
