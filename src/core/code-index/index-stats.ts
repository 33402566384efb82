import { statSync } from 'node:fs';
import type { IndexStore } from './index-store.js';
import { readIndexState, type IndexState } from './index-state.js';
import { kindNameSql } from './stored-kinds.js';

export interface IndexStats {
  indexFile: string;
  indexBytes: number;
  root: string | undefined;
  headSha: string | undefined;
  indexedAt: string | undefined;
  files: number;
  bytes: number;
  languages: Record<string, number>;
  status: Record<string, number>;
  symbols: number;
  references: number;
  chunks: number;
  edges: Record<string, number>;
  /** Files waiting for their graph edges (non-zero only after an interrupted run). */
  pendingEdges: number;
  /** Whether the last build finished; a partial index is said in every reply. */
  state: IndexState;
}

export function readIndexStats(store: IndexStore): IndexStats {
  const count = (sql: string): number => store.statement(sql).pluck().get() as number;
  const groups = (sql: string): Record<string, number> => Object.fromEntries(store.statement(sql).raw().all() as [string, number][]);
  let indexBytes = 0;
  for (const suffix of ['', '-wal']) {
    try {
      indexBytes += statSync(store.file + suffix).size;
    } catch {
      // no WAL file right now
    }
  }
  return {
    indexFile: store.file,
    indexBytes,
    root: store.getMeta('root'),
    headSha: store.getMeta('head_sha'),
    indexedAt: store.getMeta('indexed_at'),
    files: count('SELECT count(*) FROM files'),
    bytes: count('SELECT coalesce(sum(size), 0) FROM files'),
    languages: groups('SELECT language, count(*) FROM files GROUP BY language ORDER BY count(*) DESC'),
    status: groups('SELECT status, count(*) FROM files GROUP BY status ORDER BY count(*) DESC'),
    symbols: count('SELECT count(*) FROM symbols'),
    references: count('SELECT count(*) FROM refs'),
    chunks: count('SELECT count(*) FROM chunks'),
    edges: groups(`SELECT ${kindNameSql('edge', 'kind')}, count(*) FROM edges GROUP BY kind ORDER BY kind`),
    pendingEdges: count('SELECT count(*) FROM dirty_files'),
    state: readIndexState(store),
  };
}
