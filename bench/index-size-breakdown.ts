import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface TableBytes {
  /** A table or index (FTS5 shadow tables by their own names). */
  name: string;
  /** Bytes of the pages it holds. */
  bytes: number;
}

/** Where an index file's bytes are, per table and index, biggest first (SQLite's dbstat); free pages as `(free pages)`. */
export function indexSizeBreakdown(file: string): TableBytes[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as TableBytes[];
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const free = (db.pragma('freelist_count', { simple: true }) as number) * pageSize;
    return free > 0 ? [...rows, { name: '(free pages)', bytes: free }] : rows;
  } finally {
    db.close();
  }
}

/** One line: the biggest parts with their MB, the rest summed. */
export function describeBreakdown(parts: TableBytes[], shown = 12): string {
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const head = parts.slice(0, shown).map((p) => `${p.name} ${mb(p.bytes)}`);
  const rest = parts.slice(shown).reduce((sum, p) => sum + p.bytes, 0);
  return `${head.join(', ')}${rest > 0 ? `, the rest ${mb(rest)}` : ''} (MB)`;
}

/** An index file's bytes with its WAL (none once checkpointed on close). */
export function fileBytes(file: string): number {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(`${file}${suffix}`).size;
    } catch {
      // no WAL left: checkpointed on close
    }
  }
  return total;
}
