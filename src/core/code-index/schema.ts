/**
 * The index schema. Bump SCHEMA_VERSION on any change: an index file with
 * another version is rebuilt from scratch, never migrated in place.
 */
export const SCHEMA_VERSION = 14;

export const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

-- Each folder once (a few hundred for 50K files): files point at theirs instead of repeating its path.
CREATE TABLE folders (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);

CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  dir_id INTEGER NOT NULL,
  blob_sha BLOB NOT NULL, -- a git sha's 20 (or 32) bytes; text if it is not hex (blob-sha-sql.ts)
  language TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  lines INTEGER NOT NULL,
  status TEXT NOT NULL,
  reason TEXT
);


CREATE TABLE symbols (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL, -- kinds are small integers (stored-kinds.ts)
  parent_id INTEGER,
  scope TEXT NOT NULL,
  signature TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL
);

-- One row per (enclosing symbol, name, kind, receiver): the first line it is used on. symbol_id 0: the file's
-- top level. Clustered by file, then name: a file's references, or one name in a file, need no index.
-- receiver: what a member call is made on (resolve-receivers.ts): a type name, '?' when the code does not say,
-- '' for a plain call, a module's member, or a language whose receivers are not read.
CREATE TABLE refs (
  file_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL,
  symbol_id INTEGER NOT NULL,
  receiver TEXT NOT NULL DEFAULT '',
  line INTEGER NOT NULL,
  PRIMARY KEY (file_id, name, kind, symbol_id, receiver)
) WITHOUT ROWID;

-- Clustered by file: a file's imports, in source order (ord), need no index.
-- names: what the import binds from its module, space-separated (read-import-names.ts: X, X:local, default,
-- *); NULL where the language's imports are not read for names (Go, Java, Ruby).
CREATE TABLE imports (
  file_id INTEGER NOT NULL,
  ord INTEGER NOT NULL,
  source TEXT NOT NULL,
  kind INTEGER NOT NULL,
  line INTEGER NOT NULL,
  resolved INTEGER NOT NULL DEFAULT 0,
  names TEXT,
  PRIMARY KEY (file_id, ord)
) WITHOUT ROWID;
CREATE INDEX imports_unresolved ON imports (resolved) WHERE resolved <= 0;

-- File-level graph: import, contains, call, inherit, type. weight = number of uses.
CREATE TABLE edges (
  src_file_id INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  dst_file_id INTEGER NOT NULL,
  weight INTEGER NOT NULL, -- a count: as REAL most rows took 8 bytes for it
  PRIMARY KEY (src_file_id, kind, dst_file_id)
) WITHOUT ROWID;
CREATE INDEX edges_dst ON edges (dst_file_id, kind);

CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  symbol_id INTEGER,
  kind INTEGER NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  context TEXT -- NULL: rebuilt from the symbol or import rows when read (chunk-context.ts)
);

-- Contentless: the text stays in the repository, the index keeps only terms. Not detail = column:
-- 40% smaller, but a contentless table then gives bm25() no instances (every score is 0).
-- body first: a term's entry for a row names its column unless it is column 0 (2 bytes each), and
-- most entries are body terms (7 MB of the 53K-file bench corpus' index with names first).
CREATE VIRTUAL TABLE chunks_fts USING fts5 (
  body, names, path,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Each file's PageRank over the whole graph (the repo map's weights, no personalisation), written by
-- the link step when the graph changed (file-ranks.ts): an unfocused map or diagram reads it.
CREATE TABLE file_ranks (file_id INTEGER PRIMARY KEY, rank REAL NOT NULL);

-- Files written but whose graph edges are not yet rebuilt: what an interrupted run resumes.
CREATE TABLE dirty_files (file_id INTEGER PRIMARY KEY);
`;

/**
 * Lookup indexes. A first build of a big repository drops them and builds
 * them once at the end (a sorted build beats updating them row by row);
 * opening an index always re-creates any that are missing, so a first build
 * that was interrupted leaves nothing slow behind.
 */
export const LOOKUP_INDEXES_SQL = `
CREATE INDEX IF NOT EXISTS files_dir ON files (dir_id);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols (name COLLATE NOCASE, file_id); -- symbol-name-sql.ts
CREATE INDEX IF NOT EXISTS symbols_file_name ON symbols (file_id, name); -- exact name joins within a file (callers, callees)
CREATE INDEX IF NOT EXISTS refs_name ON refs (name, kind);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks (file_id);
`;

export const LOOKUP_INDEX_NAMES = [...LOOKUP_INDEXES_SQL.matchAll(/CREATE INDEX IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);
