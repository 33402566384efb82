/**
 * The evidence baseline: BM25 over 40-line windows (stride 20) of every
 * indexed file, the question's words OR'ed as the index's loose query does,
 * windows taken best first until they cover as many lines as nanodex used.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { toFtsQuery } from '../../src/core/code-index/search-chunks.js';
import { toFileTerms } from './bm25-baseline.js';

const WINDOW = 40;
const STRIDE = 20;

export interface Excerpt {
  path: string;
  startLine: number;
  endLine: number;
}

export class WindowBm25 {
  private readonly db: Database.Database;

  constructor(root: string, files: string[]) {
    this.db = new Database(':memory:');
    this.db.exec(
      "CREATE VIRTUAL TABLE windows USING fts5(path UNINDEXED, start UNINDEXED, finish UNINDEXED, body, tokenize = 'unicode61')",
    );
    const insert = this.db.prepare('INSERT INTO windows (path, start, finish, body) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const file of files) {
        let lines: string[];
        try {
          lines = readFileSync(path.join(root, ...file.split('/')), 'utf8').split('\n');
        } catch {
          continue;
        }
        if (lines[lines.length - 1] === '') lines.pop();
        for (let start = 1; start <= Math.max(1, lines.length); start += STRIDE) {
          const end = Math.min(lines.length, start + WINDOW - 1);
          insert.run(file, start, end, toFileTerms(lines.slice(start - 1, end).join('\n')));
          if (end >= lines.length) break;
        }
      }
    })();
  }

  /** Best windows first, until their union covers `lines` lines (the last one cut to fit). */
  excerpts(question: string, lines: number): Excerpt[] {
    const query = toFtsQuery(question);
    if (!query || lines <= 0) return [];
    const rows = this.db
      .prepare('SELECT path, start, finish FROM windows WHERE windows MATCH ? ORDER BY bm25(windows) LIMIT 400')
      .all(query.loose) as { path: string; start: number; finish: number }[];
    const covered = new Map<string, Set<number>>();
    let used = 0;
    for (const row of rows) {
      if (used >= lines) break;
      const set = covered.get(row.path) ?? new Set<number>();
      covered.set(row.path, set);
      for (let l = row.start; l <= row.finish && used < lines; l += 1) {
        if (!set.has(l)) {
          set.add(l);
          used += 1;
        }
      }
    }
    return [...covered].flatMap(([p, set]) =>
      toRanges(
        p,
        [...set].sort((a, b) => a - b),
      ),
    );
  }

  close(): void {
    this.db.close();
  }
}

function toRanges(p: string, sorted: number[]): Excerpt[] {
  const out: Excerpt[] = [];
  for (const l of sorted) {
    const last = out[out.length - 1];
    if (last && l === last.endLine + 1) last.endLine = l;
    else out.push({ path: p, startLine: l, endLine: l });
  }
  return out;
}
