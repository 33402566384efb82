/**
 * The baseline the targets are stated against: BM25 over whole files. Each
 * file's text is split into identifier terms the way the index splits it
 * (identifier-terms.ts), keeping repeats so term frequency counts as in
 * textbook BM25; the question's words (the same terms nanodex's loose query
 * uses) are OR'ed, and files are ranked by FTS5's bm25().
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { toIdentifierTerms, toSearchTerms } from '../../src/core/code-index/identifier-terms.js';
import { toFtsQuery } from '../../src/core/code-index/search-chunks.js';

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/** Whole-file text as FTS terms, repeats kept. */
export function toFileTerms(text: string): string {
  const out: string[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const terms = toIdentifierTerms(match[0]);
    if (terms) out.push(terms);
  }
  return out.join(' ');
}

export class FileBm25 {
  private readonly db: Database.Database;

  /**
   * Indexes `files` (repository paths) read from `root` into a temporary in-memory FTS5 table.
   * Options (for experiments): `distinct` keeps each identifier once, as the index's chunks do;
   * `porter` stems as the index's tokenizer does.
   */
  constructor(root: string, files: string[], options: { distinct?: boolean; porter?: boolean } = {}) {
    this.db = new Database(':memory:');
    const tokenize = options.porter ? 'porter unicode61 remove_diacritics 2' : 'unicode61';
    this.db.exec(`CREATE VIRTUAL TABLE files_fts USING fts5(path UNINDEXED, body, tokenize = '${tokenize}')`);
    const insert = this.db.prepare('INSERT INTO files_fts (path, body) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const file of files) {
        let text: string;
        try {
          text = readFileSync(path.join(root, ...file.split('/')), 'utf8');
        } catch {
          continue;
        }
        insert.run(file, options.distinct ? toSearchTerms(text) : toFileTerms(text));
      }
    })();
  }

  /** Files ranked by BM25 for the question's words, OR'ed; best first. */
  rank(question: string, limit = 10): string[] {
    return this.scores(question, limit).map((r) => r.path);
  }

  /** The same ranking with scores (higher is better). */
  scores(question: string, limit = 10): { path: string; score: number }[] {
    const query = toFtsQuery(question);
    if (!query) return [];
    return this.db
      .prepare('SELECT path, -bm25(files_fts) AS score FROM files_fts WHERE files_fts MATCH ? ORDER BY bm25(files_fts) LIMIT ?')
      .all(query.loose, limit) as { path: string; score: number }[];
  }

  close(): void {
    this.db.close();
  }
}
