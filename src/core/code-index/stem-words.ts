import type Database from 'better-sqlite3';
import { loadSqlite } from './load-sqlite.js';
import { SCHEMA_SQL } from './schema.js';

/** The search table's tokenizer, read from the schema so a word is stemmed exactly as the index stems it. */
const TOKENIZE = /tokenize = '([^']+)'/.exec(SCHEMA_SQL)![1]!;

let stemmer: Database.Database | undefined;

/**
 * Each word as the index's search terms hold it (FTS5's porter stemmer over
 * unicode61, lowercase: `retries` and `retry` are both `retri`), in order.
 * SQLite does the stemming in a small in-memory table, so there is one
 * stemmer: the index's. A word that is no single term (empty, two tokens)
 * comes back lowercased as it was.
 */
export function stemWords(words: readonly string[]): string[] {
  if (words.length === 0) return [];
  const db = openStemmer();
  return db.transaction(() => {
    const insert = db.prepare('INSERT INTO words (rowid, word) VALUES (?, ?)');
    words.forEach((word, i) => insert.run(i + 1, word));
    const rows = db.prepare('SELECT doc, term FROM word_terms').all() as { doc: number; term: string }[];
    db.exec('DELETE FROM words');
    const terms = new Map<number, string[]>();
    for (const { doc, term } of rows) terms.set(doc, [...(terms.get(doc) ?? []), term]);
    return words.map((word, i) => {
      const found = terms.get(i + 1) ?? [];
      return found.length === 1 ? found[0]! : word.toLowerCase();
    });
  })();
}

function openStemmer(): Database.Database {
  if (stemmer !== undefined) return stemmer;
  const db = new (loadSqlite())(':memory:');
  db.exec(`CREATE VIRTUAL TABLE words USING fts5 (word, tokenize = '${TOKENIZE}');
    CREATE VIRTUAL TABLE word_terms USING fts5vocab (words, instance);`);
  stemmer = db;
  return db;
}
