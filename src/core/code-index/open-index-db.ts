import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BUILD_STARTED_KEY, BUILD_STATE_KEY, BUILD_WRITER_KEY } from './index-meta-keys.js';
import { LOOKUP_INDEXES_SQL, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

/**
 * Opening an index file's connection: the writer's (rebuilt from scratch when
 * its schema version differs, never migrated), the pragmas of writers and
 * readers, the schema version, and who holds the write lock as the index
 * records it.
 */
export function openWritable(file: string, options: { onStatement?: (sql?: unknown) => void }): Database.Database {
  let db = new Database(file, { verbose: options.onStatement });
  if (readVersion(db) !== SCHEMA_VERSION) {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    db = new Database(file, { verbose: options.onStatement });
    configureWriter(db);
    // One transaction: a reader sees either no index or the whole schema with its version row.
    db.transaction(() => {
      db.exec(SCHEMA_SQL);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schema_version', String(SCHEMA_VERSION));
    })();
  } else {
    configureWriter(db);
  }
  db.exec(LOOKUP_INDEXES_SQL);
  return db;
}

function configureWriter(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  configureReader(db);
  db.pragma(`cache_size = -${WRITER_CACHE_KB}`);
}

/**
 * The writer's page cache. Writes append, and the bulk steps (lookup indexes,
 * FTS merges) read each page about once: a smaller cache than a reader's
 * costs them little.
 */
const WRITER_CACHE_KB = 16 * 1024;

export function configureReader(db: Database.Database): void {
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536'); // 64 MB page cache
  // Readers wait on no writer in WAL mode; this covers the rare moments SQLite itself needs (a WAL reset, recovery).
  db.pragma('busy_timeout = 5000');
}

/** "pid 123 on host-1, building since …": the lock holder as the index records it, for the lock's messages. */
export function findIndexWriter(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 1000 });
    const get = (key: string) => db!.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
    const writer = get(BUILD_WRITER_KEY);
    if (writer === undefined) return undefined;
    const since = get(BUILD_STATE_KEY) === 'building' ? get(BUILD_STARTED_KEY) : undefined;
    return since === undefined ? writer : `${writer}, building since ${since}`;
  } catch (error) {
    // The index may not have its tables yet (the writer is creating it): the message goes without the detail.
    if (error instanceof Database.SqliteError) return undefined;
    throw error;
  } finally {
    db?.close();
  }
}

export function readVersion(db: Database.Database): number | undefined {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
    return row ? Number(row.value) : undefined;
  } catch {
    return undefined; // no meta table: an empty file or not an index
  }
}
