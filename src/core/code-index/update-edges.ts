import { markFileRanksStale } from './file-ranks.js';
import type { IndexStore } from './index-store.js';
import { PathCatalog, resolveImport, type PathLookup } from './resolve-imports.js';
import { GO_MODULES_META_KEY, parseGoModulesMeta } from './read-go-modules.js';
import { PACKAGE_MAINS_META_KEY, parsePackageMainsMeta } from './read-package-mains.js';
import { SqlPathLookup } from './sql-path-lookup.js';
import { kindCodesSql, toKindCode, toKindName, type KindName } from './stored-kinds.js';
import { sameSymbolName } from './symbol-name-sql.js';

/**
 * A name defined in more files than this is too ambiguous to link by name
 * (`get`, `init`, `constructor`): linking it would wire half the repository
 * together. Aider makes the same trade by down-weighting such names.
 */
export const MAX_DEFINING_FILES = 8;

/** Up to this many dirty files, ambiguous names are looked up one by one instead of by a full scan. */
const SMALL_REBUILD_FILES = 200;
/** Up to this many imports are resolved with SQL lookups instead of loading every path. */
const SMALL_RESOLVE_IMPORTS = 64;

/** Fields are definitions to find, not call targets: they make no name too common to link. */
const FIELD = toKindCode('symbol', 'field');

/** Which symbol kinds each reference kind can point at. */
const TARGET_KINDS: [KindName<'reference'>, KindName<'symbol'>[]][] = [
  ['call', ['function', 'method', 'class', 'macro', 'struct']],
  ['new', ['class', 'struct']],
  ['inherit', ['class', 'interface', 'trait', 'struct', 'module']],
  ['type', ['class', 'interface', 'type', 'enum', 'struct', 'trait']],
];
const TARGETS = `(VALUES ${TARGET_KINDS.flatMap(([ref, symbols]) =>
  symbols.map((symbol) => `(${toKindCode('reference', ref)}, ${toKindCode('symbol', symbol)})`),
).join(', ')})`;

/** The edge a reference makes: inherit and type edges for those references, call edges for calls and `new`. */
const EDGE_KIND = `CASE r.kind WHEN ${toKindCode('reference', 'inherit')} THEN ${toKindCode('edge', 'inherit')}
  WHEN ${toKindCode('reference', 'type')} THEN ${toKindCode('edge', 'type')} ELSE ${toKindCode('edge', 'call')} END`;

/**
 * JavaScript's `super(…)` (a call of `constructor` on a class, resolve-receivers.ts) links no file by name: by
 * name it would reach every class's constructor, and the class header's inherit reference already links the base's file.
 */
const NOT_SUPER_CONSTRUCTOR = `NOT (r.name = 'constructor' AND r.receiver <> '')`;

/**
 * Rebuilds the file-level graph around the files in dirty_files: their
 * imports are resolved against the current tree, their outgoing reference
 * edges re-linked, and the edges other files have into them re-linked. One
 * transaction: an interruption leaves the dirty list for the next run.
 */
export function updateEdges(
  store: IndexStore,
  options: { treeChanged: boolean; resolutionChanged?: boolean },
): { dirty: number; importsResolved: number } {
  const db = store.db;
  return store.transaction(() => {
    const dirty = db.prepare('SELECT file_id FROM dirty_files').pluck().all() as number[];
    if (dirty.length === 0 && !options.treeChanged) return { dirty: 0, importsResolved: 0 };
    markFileRanksStale(store);
    db.exec('CREATE TEMP TABLE IF NOT EXISTS batch (file_id INTEGER PRIMARY KEY); DELETE FROM temp.batch;');
    const addBatch = db.prepare('INSERT INTO temp.batch (file_id) VALUES (?)');
    for (const id of dirty) addBatch.run(id);

    const importsResolved = resolveImports(store, options.resolutionChanged ? 'all' : options.treeChanged ? 'unresolved' : 'dirty');
    // Every file dirty (a first build): no clean file is left to link into them, and every reference edge goes.
    const everyFile =
      dirty.length > SMALL_REBUILD_FILES &&
      db.prepare('SELECT NOT EXISTS (SELECT 1 FROM files WHERE id NOT IN (SELECT file_id FROM temp.batch))').pluck().get() === 1;

    db.exec(`DELETE FROM edges WHERE kind IN ${kindCodesSql('edge', ['call', 'inherit', 'type'])}
      ${everyFile ? '' : 'AND (src_file_id IN (SELECT file_id FROM temp.batch) OR dst_file_id IN (SELECT file_id FROM temp.batch))'}`);
    // Names too ambiguous to link. A big rebuild computes them in one scan of the symbols; a
    // small one (an edited file) looks up only the names it touches, so its cost does not
    // grow with the repository.
    db.exec('CREATE TEMP TABLE IF NOT EXISTS ambiguous (name TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.ambiguous;');
    if (dirty.length > SMALL_REBUILD_FILES) {
      db.exec(
        `INSERT INTO temp.ambiguous SELECT name FROM symbols WHERE kind <> ${FIELD} GROUP BY name HAVING count(DISTINCT file_id) > ${MAX_DEFINING_FILES}`,
      );
    } else {
      db.exec(`INSERT OR IGNORE INTO temp.ambiguous
        SELECT n.name FROM (
          SELECT DISTINCT r.name FROM temp.batch b CROSS JOIN refs r ON r.file_id = b.file_id
          UNION ALL SELECT DISTINCT s.name FROM temp.batch b CROSS JOIN symbols s ON s.file_id = b.file_id
        ) n
        WHERE (SELECT count(*) FROM (SELECT DISTINCT u.file_id FROM symbols u WHERE ${sameSymbolName('u.name', 'n.name')} AND u.kind <> ${FIELD} LIMIT ${MAX_DEFINING_FILES + 1}))
          > ${MAX_DEFINING_FILES}`);
    }
    // Outgoing: references made by dirty files.
    db.exec(`INSERT INTO edges (src_file_id, kind, dst_file_id, weight)
      SELECT r.file_id, ${EDGE_KIND}, s.file_id, count(*)
      FROM temp.batch b CROSS JOIN refs r ON r.file_id = b.file_id CROSS JOIN symbols s ON ${sameSymbolName('s.name', 'r.name')}
      WHERE s.file_id <> r.file_id AND (r.kind, s.kind) IN ${TARGETS}
        AND r.name NOT IN (SELECT name FROM temp.ambiguous) AND ${NOT_SUPER_CONSTRUCTOR}
      GROUP BY 1, 2, 3
      ON CONFLICT DO UPDATE SET weight = excluded.weight`);
    // Incoming: references from clean files to what dirty files define.
    if (!everyFile) {
      db.exec(`INSERT INTO edges (src_file_id, kind, dst_file_id, weight)
      SELECT r.file_id, ${EDGE_KIND}, s.file_id, count(*)
      FROM temp.batch b CROSS JOIN symbols s ON s.file_id = b.file_id CROSS JOIN refs r ON r.name = s.name
      WHERE r.file_id NOT IN (SELECT file_id FROM temp.batch) AND (r.kind, s.kind) IN ${TARGETS}
        AND s.name NOT IN (SELECT name FROM temp.ambiguous) AND ${NOT_SUPER_CONSTRUCTOR}
      GROUP BY 1, 2, 3
      ON CONFLICT DO UPDATE SET weight = excluded.weight`);
    }
    db.exec('DELETE FROM dirty_files WHERE file_id IN (SELECT file_id FROM temp.batch); DELETE FROM temp.batch;');
    return { dirty: dirty.length, importsResolved };
  });
}

/**
 * Resolves the imports of dirty files and, when files came or went, of every
 * file with an import that did not resolve before (it may now); when what
 * steers resolution changed (a go.mod module path, a package.json main), of
 * every file with an import, resolved or not.
 */
function resolveImports(store: IndexStore, scope: 'dirty' | 'unresolved' | 'all'): number {
  const db = store.db;
  const rows = db
    .prepare(
      `SELECT i.ord, i.file_id AS fileId, i.source, i.kind, i.resolved, f.path, f.language FROM imports i JOIN files f ON f.id = i.file_id
     WHERE i.file_id IN (SELECT file_id FROM temp.batch)
     ${scope === 'all' ? 'OR 1' : scope === 'unresolved' ? 'OR i.file_id IN (SELECT file_id FROM imports WHERE resolved <= 0)' : ''}`,
    )
    .all() as { ord: number; fileId: number; source: string; kind: number; resolved: number; path: string; language: string }[];
  if (rows.length === 0) return 0;
  // A few imports (an edited file) ask the files table; many load every path once.
  let lookup: PathLookup;
  let idOf: (p: string) => number | undefined;
  if (rows.length <= SMALL_RESOLVE_IMPORTS) {
    lookup = new SqlPathLookup(store);
    const byPath = store.statement('SELECT id FROM files WHERE path = ?').pluck();
    idOf = (p) => byPath.get(p) as number | undefined;
  } else {
    const files = db.prepare('SELECT id, path FROM files').all() as { id: number; path: string }[];
    const idByPath = new Map(files.map((f) => [f.path, f.id]));
    lookup = new PathCatalog(idByPath.keys());
    idOf = (p) => idByPath.get(p);
  }
  const mark = db.prepare('UPDATE imports SET resolved = ? WHERE file_id = ? AND ord = ?');
  let resolved = 0;
  const goModules = parseGoModulesMeta(store.getMeta(GO_MODULES_META_KEY));
  const packageMains = parsePackageMainsMeta(store.getMeta(PACKAGE_MAINS_META_KEY));
  // Each touched file's import and contains edges as they should be: `kind dst` -> weight (one per import reaching dst).
  const next = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const kind = toKindName('import', row.kind);
    const edgeKind = toKindCode('edge', kind);
    const targets = resolveImport(row.source, row.path, row.language, kind, lookup, { goModules, packageMains });
    const edges = next.get(row.fileId) ?? new Map<string, number>();
    next.set(row.fileId, edges);
    let linked = 0;
    for (const target of targets) {
      const dst = idOf(target);
      if (dst === undefined || dst === row.fileId) continue;
      const key = `${edgeKind} ${dst}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      linked += 1;
    }
    // 1 resolved, -1 external (nothing in this repository): retried only when files come or go.
    const state = linked > 0 ? 1 : -1;
    if (row.resolved !== state) mark.run(state, row.fileId, row.ord);
    if (linked > 0) resolved += 1;
  }
  writeImportEdges(store, next);
  return resolved;
}

/**
 * Brings each file's import and contains edges to `next`, writing only what
 * differs: re-resolving every unresolved import after a file came or went
 * changes few edges, and an unchanged row costs a read, not a write.
 */
function writeImportEdges(store: IndexStore, next: Map<number, Map<string, number>>): void {
  const before = new Map<number, Map<string, number>>();
  const rows = store
    .statement(
      `SELECT src_file_id, kind, dst_file_id, weight FROM edges
       WHERE src_file_id IN (SELECT value FROM json_each(?)) AND kind IN ${kindCodesSql('edge', ['import', 'contains'])}`,
    )
    .raw()
    .all(JSON.stringify([...next.keys()])) as [number, number, number, number][];
  for (const [src, kind, dst, weight] of rows) {
    const edges = before.get(src) ?? new Map<string, number>();
    before.set(src, edges);
    edges.set(`${kind} ${dst}`, weight);
  }
  const remove = store.statement('DELETE FROM edges WHERE src_file_id = ? AND kind = ? AND dst_file_id = ?');
  const put = store.statement(
    `INSERT INTO edges (src_file_id, kind, dst_file_id, weight) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET weight = excluded.weight`,
  );
  for (const [src, edges] of next) {
    const old = before.get(src);
    for (const key of old?.keys() ?? []) {
      if (edges.has(key)) continue;
      const [kind, dst] = key.split(' ').map(Number);
      remove.run(src, kind, dst);
    }
    for (const [key, weight] of edges) {
      if (old?.get(key) === weight) continue;
      const [kind, dst] = key.split(' ').map(Number);
      put.run(src, kind, dst, weight);
    }
  }
}
