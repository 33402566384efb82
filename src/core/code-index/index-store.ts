import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { IndexUnavailableError } from '../errors.js';
import type { RepoFile } from '../ports.js';
import { BLOB_SHA_SQL, toStoredSha } from './blob-sha-sql.js';
import { derivedContext } from './chunk-context.js';
import { toPathTerms, withoutOneCharTerms } from './identifier-terms.js';
import { BUILD_WRITER_KEY } from './index-meta-keys.js';
import { acquireIndexWriteLock, type IndexWriteLock, type LockWaitOptions } from './index-write-lock.js';
import { LOOKUP_INDEX_NAMES, LOOKUP_INDEXES_SQL, SCHEMA_VERSION } from './schema.js';
import { configureReader, findIndexWriter, openWritable, readVersion } from './open-index-db.js';
import { kindCodesSql, toKindCode } from './stored-kinds.js';
import type { ParsedFile } from './types.js';

export interface OpenOptions {
  /** Called with the text of every statement run (tests count statements with it). */
  onStatement?: (sql?: unknown) => void;
}

export interface StoredFile {
  id: number;
  path: string;
  blobSha: string;
  size: number;
  mtimeMs: number;
  language: string;
  status: string;
}

/**
 * The SQLite file behind the index: one long-lived connection, WAL, prepared
 * statements made once. Writes are grouped by the caller with transaction().
 *
 * Two ways in. `open` reads: a read-only connection that never writes, so
 * it never waits on a writer (WAL lets readers and one writer run at once).
 * `openWriter` first takes the index's write lock (index-write-lock.ts), so
 * only one process or job writes an index at a time; everything that writes,
 * indexRepository first, refuses a store without it.
 */
export class IndexStore {
  readonly db: Database.Database;
  readonly file: string;
  private preparedStatements: Statements | undefined;
  private writes = 0;
  private readonly prepared = new Map<string, Database.Statement>();
  private lock: IndexWriteLock | undefined;

  private constructor(db: Database.Database, file: string, lock?: IndexWriteLock) {
    this.db = db;
    this.file = file;
    this.lock = lock;
  }

  /** Prepared on first use: a lookup, which reads through its own queries, never compiles the writer's 30. */
  private get statements(): Statements {
    return (this.preparedStatements ??= prepareStatements(this.db));
  }

  /** Opens an existing index for reading; a missing one, or one from another schema version, is IndexUnavailableError. */
  static open(file: string, options: OpenOptions = {}): IndexStore {
    let db: Database.Database;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true, verbose: options.onStatement });
    } catch (error) {
      throw new IndexUnavailableError(`no index at ${file}`, {
        hint: 'run `nanodex index` first (with the same --repo)',
        cause: error,
      });
    }
    if (readVersion(db) !== SCHEMA_VERSION) {
      db.close();
      throw new IndexUnavailableError(`the index at ${file} is not complete, or was built by another nanodex version`, {
        hint: 'run `nanodex index` to build it',
      });
    }
    configureReader(db);
    return new IndexStore(db, file);
  }

  /** The index at `file` for reading, or undefined when there is none yet (missing, or from another schema version). */
  static findReadable(file: string, options: OpenOptions = {}): IndexStore | undefined {
    try {
      return IndexStore.open(file, options);
    } catch (error) {
      if (error instanceof IndexUnavailableError) return undefined;
      throw error;
    }
  }

  /**
   * Takes the index's write lock (waiting for another writer, bounded), then
   * opens (or creates) the index at `file`. An index from another schema
   * version, or one that is not a nanodex index, is rebuilt from scratch:
   * safe only because no other writer can be in it. The connection stays
   * usable for reading after releaseWriteLock().
   */
  static async openWriter(file: string, options: OpenOptions & LockWaitOptions = {}): Promise<IndexStore> {
    const lock = await acquireIndexWriteLock(file, { describeHolder: () => findIndexWriter(file), ...options });
    let db: Database.Database | undefined;
    try {
      db = openWritable(file, options);
      const store = new IndexStore(db, file, lock);
      // Who holds the lock, for the message of the next writer that has to wait.
      store.setMeta(BUILD_WRITER_KEY, `pid ${process.pid} on ${hostname()}`);
      return store;
    } catch (error) {
      db?.close();
      lock.release();
      throw error;
    }
  }

  /** True while this store holds the index's write lock. */
  get holdsWriteLock(): boolean {
    return this.lock?.held ?? false;
  }

  /** How long taking the write lock waited for another writer, in milliseconds (0 for a reader). */
  get lockWaitedMs(): number {
    return this.lock?.waitedMs ?? 0;
  }

  /** Lets the next writer in; this connection goes on reading. */
  releaseWriteLock(): void {
    if (!this.holdsWriteLock) return;
    try {
      // Gathers the statistics the planner wants while no other writer can be in the file.
      this.db.exec('PRAGMA optimize');
    } finally {
      this.lock?.release();
      this.lock = undefined;
    }
  }

  /** Moves everything from the -wal into the main file, so a copy of the file alone (a cache) is the whole index. */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /**
   * Rewrites the file packed, for after a first bulk build: b-trees filled row
   * by row leave their pages part empty (3.7 MB, 4%, of the 53K-file bench
   * corpus' index, for 0.6 s of CPU). The copy VACUUM makes goes to a temporary
   * file, not memory, and the WAL it fills is truncated after. Best effort: the
   * index is complete without it, so a VACUUM that SQLite refuses (no room for
   * its copy, a busy file) leaves it as it was and returns false.
   */
  compact(): boolean {
    this.db.pragma('temp_store = FILE');
    try {
      this.db.exec('VACUUM');
    } catch (error) {
      if (error instanceof Database.SqliteError) return false;
      throw error;
    } finally {
      this.db.pragma('temp_store = MEMORY');
    }
    this.checkpoint();
    return true;
  }

  /** Drops the lookup indexes for a first bulk build; call createLookupIndexes() after it. */
  dropLookupIndexes(): void {
    this.db.exec(LOOKUP_INDEX_NAMES.map((name) => `DROP INDEX IF EXISTS ${name};`).join('\n'));
    this.prepared.clear(); // plans made with the indexes are stale
  }

  createLookupIndexes(): void {
    this.db.exec(LOOKUP_INDEXES_SQL);
    // Sampled statistics: enough for the planner, seconds faster than a full ANALYZE on a big index.
    this.db.exec('PRAGMA analysis_limit = 400; ANALYZE;');
    this.prepared.clear();
  }

  close(): void {
    if (this.db.open && this.holdsWriteLock) this.releaseWriteLock();
    if (this.db.open) this.db.close();
    this.lock?.release();
  }

  /** A prepared statement for `sql`, made once per connection and reused. */
  statement(sql: string): Database.Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  /** Bumped by every write transaction; caches key on it. */
  get generation(): number {
    return this.writes;
  }

  /**
   * Changes whenever the stored data may have: a commit by another connection (SQLite's data_version)
   * or a row written by this one (total_changes). Caches that must never serve stale rows key on it.
   */
  changeStamp(): string {
    const [version, changes] = this.statement('SELECT (SELECT data_version FROM pragma_data_version), total_changes()').raw().get() as [
      number,
      number,
    ];
    return `${version}:${changes}`;
  }

  transaction<T>(fn: () => T): T {
    const result = this.db.transaction(fn)();
    this.writes += 1;
    return result;
  }

  listFiles(): StoredFile[] {
    return this.statements.allFiles.all() as StoredFile[];
  }

  /** True when no file has been indexed yet (one row probed, not the whole table read). */
  isEmpty(): boolean {
    return this.statement('SELECT 1 FROM files LIMIT 1').get() === undefined;
  }

  /** Stored rows for these paths (those not in the index are left out). */
  findFiles(paths: string[]): StoredFile[] {
    return this.statement(
      `SELECT id, path, ${BLOB_SHA_SQL} AS blobSha, size, mtime_ms AS mtimeMs, language, status FROM files
       WHERE path IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(paths)) as StoredFile[];
  }

  getMeta(key: string): string | undefined {
    return this.statements.getMeta.get(key) as string | undefined;
  }

  setMeta(key: string, value: string): void {
    this.statements.setMeta.run(key, value);
  }

  /** Replaces everything stored for one file. Call inside a transaction. */
  writeFile(entry: RepoFile, parsed: ParsedFile, previousId: number | undefined): number {
    const s = this.statements;
    let fileId: number;
    if (previousId === undefined) {
      fileId = Number(
        s.insertFile.run(
          entry.path,
          this.folderId(dirOf(entry.path)),
          toStoredSha(entry.blobSha),
          parsed.language,
          entry.size,
          entry.mtimeMs,
          parsed.lines,
          parsed.status,
          parsed.reason ?? null,
        ).lastInsertRowid,
      );
    } else {
      // Same path, new content: the id stays, so edges other files have into it stay valid.
      this.clearDerivedRows(previousId);
      s.updateFile.run(
        toStoredSha(entry.blobSha),
        parsed.language,
        entry.size,
        entry.mtimeMs,
        parsed.lines,
        parsed.status,
        parsed.reason ?? null,
        previousId,
      );
      fileId = previousId;
    }
    const symbolIds: number[] = [];
    for (const symbol of parsed.symbols) {
      const parentId = symbol.parent === undefined ? null : (symbolIds[symbol.parent] ?? null);
      symbolIds.push(
        Number(
          s.insertSymbol.run(
            fileId,
            symbol.name,
            toKindCode('symbol', symbol.kind),
            parentId,
            symbol.scope,
            symbol.signature,
            symbol.startLine,
            symbol.endLine,
          ).lastInsertRowid,
        ),
      );
    }
    const seenRefs = new Set<string>();
    for (const ref of parsed.references) {
      const symbolId = ref.enclosing === undefined ? 0 : (symbolIds[ref.enclosing] ?? 0);
      const receiver = ref.receiver ?? '';
      const key = `${symbolId}\u0000${ref.name}\u0000${ref.kind}\u0000${receiver}`;
      if (seenRefs.has(key)) continue;
      seenRefs.add(key);
      s.insertRef.run(fileId, symbolId, ref.name, toKindCode('reference', ref.kind), receiver, ref.line);
    }
    parsed.imports.forEach((imp, ord) =>
      s.insertImport.run(fileId, ord, imp.source, toKindCode('import', imp.kind), imp.line, imp.names?.join(' ') ?? null),
    );
    const pathTerms = withoutOneCharTerms(toPathTerms(entry.path));
    for (const chunk of parsed.chunks) {
      const symbolId = chunk.symbol === undefined ? null : (symbolIds[chunk.symbol] ?? null);
      // NULL when the context can be rebuilt from the symbol or import rows (chunk-context.ts).
      const derived = derivedContext(symbolId === null ? undefined : parsed.symbols[chunk.symbol!], parsed.imports);
      const context = chunk.context === derived ? null : chunk.context;
      const chunkId = s.insertChunk.run(
        fileId,
        symbolId,
        toKindCode('chunk', chunk.kind),
        chunk.startLine,
        chunk.endLine,
        context,
      ).lastInsertRowid;
      s.insertFts.run(chunkId, chunk.bodyTerms, chunk.nameTerms, pathTerms);
    }
    s.markDirty.run(fileId);
    return fileId;
  }

  /** The id of a folder's row, added on first use. Rows stay when their last file goes (lookups join files). */
  private folderId(dir: string): number {
    const s = this.statements;
    const id = s.findFolder.get(dir) as number | undefined;
    return id ?? Number(s.insertFolder.run(dir).lastInsertRowid);
  }

  /** Removes a file and everything derived from it; files that imported it are re-resolved. Call inside a transaction. */
  deleteFile(fileId: number): void {
    const s = this.statements;
    for (const { id } of s.importersOf.all(fileId) as { id: number }[]) {
      if (id === fileId) continue;
      s.unresolveImports.run(id);
      s.markDirty.run(id);
    }
    this.clearDerivedRows(fileId);
    s.deleteEdgesTo.run(fileId);
    s.deleteDirty.run(fileId);
    s.deleteFile.run(fileId);
  }

  /** Everything parsed out of a file, and the edges it makes; not the file row or edges into it. */
  private clearDerivedRows(fileId: number): void {
    const s = this.statements;
    s.deleteFts.run(fileId);
    s.deleteChunks.run(fileId);
    s.deleteSymbols.run(fileId);
    s.deleteRefs.run(fileId);
    s.deleteImports.run(fileId);
    s.deleteEdgesFrom.run(fileId);
  }
}

function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Database.Database) {
  return {
    insertFile: db.prepare(
      `INSERT INTO files (path, dir_id, blob_sha, language, size, mtime_ms, lines, status, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateFile: db.prepare(
      `UPDATE files SET blob_sha = ?, language = ?, size = ?, mtime_ms = ?, lines = ?, status = ?, reason = ? WHERE id = ?`,
    ),
    insertSymbol: db.prepare(
      `INSERT INTO symbols (file_id, name, kind, parent_id, scope, signature, start_line, end_line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertRef: db.prepare('INSERT INTO refs (file_id, symbol_id, name, kind, receiver, line) VALUES (?, ?, ?, ?, ?, ?)'),
    insertImport: db.prepare('INSERT INTO imports (file_id, ord, source, kind, line, names) VALUES (?, ?, ?, ?, ?, ?)'),
    insertChunk: db.prepare(`INSERT INTO chunks (file_id, symbol_id, kind, start_line, end_line, context) VALUES (?, ?, ?, ?, ?, ?)`),
    insertFts: db.prepare('INSERT INTO chunks_fts (rowid, body, names, path) VALUES (?, ?, ?, ?)'),
    findFolder: db.prepare('SELECT id FROM folders WHERE path = ?').pluck(),
    insertFolder: db.prepare('INSERT INTO folders (path) VALUES (?)'),
    markDirty: db.prepare('INSERT OR IGNORE INTO dirty_files (file_id) VALUES (?)'),
    deleteFts: db.prepare('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE file_id = ?)'),
    deleteChunks: db.prepare('DELETE FROM chunks WHERE file_id = ?'),
    deleteSymbols: db.prepare('DELETE FROM symbols WHERE file_id = ?'),
    deleteRefs: db.prepare('DELETE FROM refs WHERE file_id = ?'),
    deleteImports: db.prepare('DELETE FROM imports WHERE file_id = ?'),
    deleteEdgesFrom: db.prepare('DELETE FROM edges WHERE src_file_id = ?'),
    deleteEdgesTo: db.prepare('DELETE FROM edges WHERE dst_file_id = ?'),
    importersOf: db.prepare(
      `SELECT src_file_id AS id FROM edges WHERE dst_file_id = ? AND kind IN ${kindCodesSql('edge', ['import', 'contains'])}`,
    ),
    unresolveImports: db.prepare('UPDATE imports SET resolved = 0 WHERE file_id = ?'),
    deleteFile: db.prepare('DELETE FROM files WHERE id = ?'),
    deleteDirty: db.prepare('DELETE FROM dirty_files WHERE file_id = ?'),
    allFiles: db.prepare(`SELECT id, path, ${BLOB_SHA_SQL} AS blobSha, size, mtime_ms AS mtimeMs, language, status FROM files`),
    getMeta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
    setMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
  };
}
