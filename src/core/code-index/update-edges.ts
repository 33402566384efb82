import type { IndexStore } from './index-store.js';
import { PathCatalog, resolveImport } from './resolve-imports.js';

/**
 * A name defined in more files than this is too ambiguous to link by name
 * (`get`, `init`, `constructor`): linking it would wire half the repository
 * together. Aider makes the same trade by down-weighting such names.
 */
export const MAX_DEFINING_FILES = 8;

/** Up to this many dirty files, ambiguous names are looked up one by one instead of by a full scan. */
const SMALL_REBUILD_FILES = 200;

/** Which symbol kinds each reference kind can point at. */
const TARGETS = `(VALUES
  ('call','function'),('call','method'),('call','class'),('call','macro'),('call','struct'),
  ('new','class'),('new','struct'),
  ('inherit','class'),('inherit','interface'),('inherit','trait'),('inherit','struct'),('inherit','module'),
  ('type','class'),('type','interface'),('type','type'),('type','enum'),('type','struct'),('type','trait'))`;

const EDGE_KIND = `CASE r.kind WHEN 'inherit' THEN 'inherit' WHEN 'type' THEN 'type' ELSE 'call' END`;

/**
 * Rebuilds the file-level graph around the files in dirty_files: their
 * imports are resolved against the current tree, their outgoing reference
 * edges re-linked, and the edges other files have into them re-linked. One
 * transaction: an interruption leaves the dirty list for the next run.
 */
export function updateEdges(store: IndexStore, options: { treeChanged: boolean }): { dirty: number; importsResolved: number } {
  const db = store.db;
  return store.transaction(() => {
    const dirty = (db.prepare('SELECT file_id FROM dirty_files').pluck().all() as number[]);
    if (dirty.length === 0 && !options.treeChanged) return { dirty: 0, importsResolved: 0 };
    db.exec('CREATE TEMP TABLE IF NOT EXISTS batch (file_id INTEGER PRIMARY KEY); DELETE FROM temp.batch;');
    const addBatch = db.prepare('INSERT INTO temp.batch (file_id) VALUES (?)');
    for (const id of dirty) addBatch.run(id);

    const importsResolved = resolveImports(store, options.treeChanged);

    db.exec(`DELETE FROM edges WHERE kind IN ('call', 'inherit', 'type')
      AND (src_file_id IN (SELECT file_id FROM temp.batch) OR dst_file_id IN (SELECT file_id FROM temp.batch))`);
    // Names too ambiguous to link. A big rebuild computes them in one scan of the symbols; a
    // small one (an edited file) looks up only the names it touches, so its cost does not
    // grow with the repository.
    db.exec('CREATE TEMP TABLE IF NOT EXISTS ambiguous (name TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.ambiguous;');
    if (dirty.length > SMALL_REBUILD_FILES) {
      db.exec(`INSERT INTO temp.ambiguous SELECT name FROM symbols GROUP BY name HAVING count(DISTINCT file_id) > ${MAX_DEFINING_FILES}`);
    } else {
      db.exec(`INSERT OR IGNORE INTO temp.ambiguous
        SELECT n.name FROM (
          SELECT r.name FROM temp.batch b JOIN refs r ON r.file_id = b.file_id
          UNION SELECT s.name FROM temp.batch b JOIN symbols s ON s.file_id = b.file_id
        ) n
        WHERE (SELECT count(DISTINCT u.file_id) FROM symbols u WHERE u.name = n.name) > ${MAX_DEFINING_FILES}`);
    }
    // Outgoing: references made by dirty files.
    db.exec(`INSERT INTO edges (src_file_id, kind, dst_file_id, weight)
      SELECT r.file_id, ${EDGE_KIND}, s.file_id, count(*)
      FROM temp.batch b JOIN refs r ON r.file_id = b.file_id JOIN symbols s ON s.name = r.name
      WHERE s.file_id <> r.file_id AND (r.kind, s.kind) IN ${TARGETS}
        AND r.name NOT IN (SELECT name FROM temp.ambiguous)
      GROUP BY 1, 2, 3
      ON CONFLICT DO UPDATE SET weight = excluded.weight`);
    // Incoming: references from clean files to what dirty files define.
    db.exec(`INSERT INTO edges (src_file_id, kind, dst_file_id, weight)
      SELECT r.file_id, ${EDGE_KIND}, s.file_id, count(*)
      FROM temp.batch b JOIN symbols s ON s.file_id = b.file_id JOIN refs r ON r.name = s.name
      WHERE r.file_id NOT IN (SELECT file_id FROM temp.batch) AND (r.kind, s.kind) IN ${TARGETS}
        AND s.name NOT IN (SELECT name FROM temp.ambiguous)
      GROUP BY 1, 2, 3
      ON CONFLICT DO UPDATE SET weight = excluded.weight`);
    db.exec('DELETE FROM dirty_files WHERE file_id IN (SELECT file_id FROM temp.batch); DELETE FROM temp.batch;');
    return { dirty: dirty.length, importsResolved };
  });
}

/**
 * Resolves the imports of dirty files and, when files came or went, of every
 * file with an import that did not resolve before (it may now).
 */
function resolveImports(store: IndexStore, treeChanged: boolean): number {
  const db = store.db;
  const files = db.prepare('SELECT id, path, language FROM files').all() as { id: number; path: string; language: string }[];
  const idByPath = new Map(files.map((f) => [f.path, f.id]));
  const fileById = new Map(files.map((f) => [f.id, f]));
  const catalog = new PathCatalog(idByPath.keys());
  const rows = db.prepare(
    `SELECT rowid, file_id AS fileId, source, kind FROM imports
     WHERE file_id IN (SELECT file_id FROM temp.batch)
     ${treeChanged ? 'OR file_id IN (SELECT file_id FROM imports WHERE resolved <= 0)' : ''}`,
  ).all() as { rowid: number; fileId: number; source: string; kind: 'import' | 'contains' }[];
  const touched = new Set(rows.map((r) => r.fileId));
  const clear = db.prepare(`DELETE FROM edges WHERE src_file_id = ? AND kind IN ('import', 'contains')`);
  for (const id of touched) clear.run(id);
  const mark = db.prepare('UPDATE imports SET resolved = ? WHERE rowid = ?');
  const upsert = db.prepare(
    `INSERT INTO edges (src_file_id, kind, dst_file_id, weight) VALUES (?, ?, ?, 1)
     ON CONFLICT DO UPDATE SET weight = weight + 1`,
  );
  let resolved = 0;
  for (const row of rows) {
    const file = fileById.get(row.fileId);
    if (!file) continue;
    const targets = resolveImport(row.source, file.path, file.language, row.kind, catalog);
    let linked = 0;
    for (const target of targets) {
      const dst = idByPath.get(target);
      if (dst === undefined || dst === row.fileId) continue;
      upsert.run(row.fileId, row.kind, dst);
      linked += 1;
    }
    // 1 resolved, -1 external (nothing in this repository): retried only when files come or go.
    mark.run(linked > 0 ? 1 : -1, row.rowid);
    if (linked > 0) resolved += 1;
  }
  return resolved;
}
