import { BLOB_SHA_SQL } from './blob-sha-sql.js';
import { chunkContextSql } from './chunk-context.js';
import { loadFileGraph } from './file-graph.js';
import { GraphQueries, type CallHit, type CallSites, type FileHit, type ReferenceHit, type SymbolHit } from './graph-queries.js';
import type { IndexStore } from './index-store.js';
import { readIndexState, type IndexState } from './index-state.js';
import { readImportBindings, type ImportBinding } from './read-import-bindings.js';
import { buildRepoMap, type RepoMap, type RepoMapOptions } from './repo-map.js';
import { searchChunks, type ChunkHit } from './search-chunks.js';
import { kindCodesSql, kindNameSql, toKindCode } from './stored-kinds.js';

export interface IndexedFile {
  path: string;
  blobSha: string;
  size: number;
  lines: number;
  language: string;
  /** Why the index did not parse it (a content rule: minified, a generated marker, a private key), when it did not. */
  skipped?: string;
}

/** Files whose import bindings are kept between calls (a few hundred bytes each); past it the cache starts again. */
const MAX_CACHED_BINDINGS = 20_000;

const LISTED_COLUMNS = `path, size, lines, language, CASE status WHEN 'skipped' THEN reason END AS skipped`;
const FILE_COLUMNS = `path, ${BLOB_SHA_SQL} AS blobSha, size, lines, language, CASE status WHEN 'skipped' THEN reason END AS skipped`;

/**
 * A file of the listing: IndexedFile without its blob sha, which no caller of
 * the whole listing reads (getFile has it) and which took a third of the
 * listing's time on 53K files (hex of every sha, one more string per row).
 */
export type ListedFile = Omit<IndexedFile, 'blobSha'>;

/** The index as the exploration pipeline sees it: read-only questions. */
export interface CodeIndex {
  getFile(path: string): IndexedFile | undefined;
  listFiles(): ListedFile[];
  headSha(): string | undefined;
  /** Whether the index holds a finished build; replies from a partial one say so. */
  state(): IndexState;
  findDefinitions(name: string, limit?: number): SymbolHit[];
  findReferences(name: string, limit?: number): ReferenceHit[];
  callers(symbolId: number, depth?: number, limit?: number): CallHit[];
  /** Symbols `symbolId` calls (their definitions), through resolved links only. */
  callees(symbolId: number, depth?: number, limit?: number): CallHit[];
  /** THE call sites every output counts: linked callers, calls it could not tell, or a name too common to link. */
  callSites(symbolId: number, depth?: number, limit?: number): CallSites;
  /** Every linked call of the symbol, one per calling line (the links of callSites): where a rule reads the arguments. */
  callLines(symbolId: number, limit?: number, options?: { evenCommon?: boolean }): { path: string; line: number }[];
  importers(path: string, depth?: number): FileHit[];
  imports(path: string, depth?: number): FileHit[];
  /**
   * BM25 over chunks; `allWords` keeps only chunks holding every word (no fallback to chunks holding any), `phrase`
   * only those holding them in order, side by side.
   */
  search(question: string, options?: { limit?: number; pathPrefix?: string; allWords?: boolean; phrase?: boolean }): ChunkHit[];
  repoMap(options?: RepoMapOptions): RepoMap;
  /**
   * The import statements of these files as written (`./app.js`, `werkzeug.routing`), resolved or not; each
   * source once per file, at the line of its first import.
   */
  importSources(paths: string[]): { path: string; source: string; line: number }[];
  /** Names a file's code refers to (calls, types, bases), as parsed; what they point at is not resolved. */
  referencedNames(path: string): string[];
  /** A file's imports with the names each binds and the files each resolves to (JS/TS and Python; none elsewhere). */
  importBindings(path: string): ImportBinding[];
  /** File-level neighbours (import, call and inherit edges, or only `kinds`; both directions) with edge weights. */
  neighbours(paths: string[], kinds?: readonly NeighbourKind[]): { from: string; to: string; kind: string; weight: number }[];
  /**
   * Every edge of these kinds between indexed files, with both ends as positions in `paths` and the
   * stored weights: what a diagram of a whole tree sums up (one statement, not a join per end).
   */
  fileGraph(kinds: readonly NeighbourKind[]): { paths: string[]; from: Int32Array; to: Int32Array; weight: Float64Array };
  /** The chunk (symbol, part or window) that holds a line. */
  chunkAt(path: string, line: number): { startLine: number; endLine: number; context: string } | undefined;
  /** The code symbols defined in one file, in line order (nested ones included, with their scope; fields are only found by name). */
  symbolsIn(path: string): SymbolHit[];
}

export type NeighbourKind = 'import' | 'call' | 'inherit';
const NEIGHBOUR_KINDS: readonly NeighbourKind[] = ['import', 'call', 'inherit'];

/** CodeIndex over the SQLite store. */
export class SqliteCodeIndex implements CodeIndex {
  private readonly graph: GraphQueries;
  /**
   * The listing, read again only when the index changed: one diagram asks for it three times (53K files:
   * ~70 ms each). Rows are frozen, since every caller gets the same objects.
   */
  private listing: { stamp: string; files: readonly ListedFile[] } | undefined;
  /** The last map built, while the index is unchanged: an overview plans from it and then reads it. */
  private lastMap: { key: string; map: RepoMap } | undefined;
  /** Each file's import bindings (resolved on use) while the index is unchanged: test discovery asks for the same tests' per source file. */
  private bindings: { stamp: string; byPath: Map<string, ImportBinding[]> } | undefined;

  constructor(private readonly store: IndexStore) {
    this.graph = new GraphQueries(store);
  }

  getFile(path: string): IndexedFile | undefined {
    const row = this.store.statement(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`).get(path) as IndexedFile | undefined;
    return row && toIndexedFile(row);
  }

  listFiles(): ListedFile[] {
    const stamp = this.store.changeStamp();
    if (this.listing?.stamp !== stamp) {
      const rows = this.store.statement(`SELECT ${LISTED_COLUMNS} FROM files ORDER BY path`).all() as ListedFile[];
      this.listing = { stamp, files: rows.map((f) => Object.freeze(toListedFile(f))) };
    }
    return [...this.listing.files];
  }

  headSha(): string | undefined {
    return this.store.getMeta('head_sha');
  }

  state(): IndexState {
    return readIndexState(this.store);
  }

  findDefinitions(name: string, limit?: number): SymbolHit[] {
    return this.graph.findDefinitions(name, limit);
  }

  findReferences(name: string, limit?: number): ReferenceHit[] {
    return this.graph.findReferences(name, limit);
  }

  callers(symbolId: number, depth?: number, limit?: number): CallHit[] {
    return this.graph.callers(symbolId, depth, limit);
  }

  callees(symbolId: number, depth?: number, limit?: number): CallHit[] {
    return this.graph.callees(symbolId, depth, limit);
  }

  callSites(symbolId: number, depth?: number, limit?: number): CallSites {
    return this.graph.callSites(symbolId, depth, limit);
  }

  callLines(symbolId: number, limit?: number, options?: { evenCommon?: boolean }): { path: string; line: number }[] {
    return this.graph.callLines(symbolId, limit, options);
  }

  importers(path: string, depth?: number): FileHit[] {
    return this.graph.importers(path, depth);
  }

  imports(path: string, depth?: number): FileHit[] {
    return this.graph.imports(path, depth);
  }

  search(question: string, options?: { limit?: number; pathPrefix?: string; allWords?: boolean; phrase?: boolean }): ChunkHit[] {
    return searchChunks(this.store, question, options);
  }

  repoMap(options?: RepoMapOptions): RepoMap {
    const key = `${this.store.changeStamp()}\0${JSON.stringify(options ?? {})}`;
    if (this.lastMap?.key !== key) this.lastMap = { key, map: buildRepoMap(this.store, options) };
    return { ...this.lastMap.map, files: [...this.lastMap.map.files] };
  }

  importSources(paths: string[]): { path: string; source: string; line: number }[] {
    return this.store
      .statement(
        `SELECT f.path, i.source, min(i.line) AS line FROM imports i JOIN files f ON f.id = i.file_id
       WHERE i.kind = ${toKindCode('import', 'import')} AND f.path IN (SELECT value FROM json_each(@paths))
       GROUP BY f.path, i.source ORDER BY f.path, i.source`,
      )
      .all({ paths: JSON.stringify(paths) }) as { path: string; source: string; line: number }[];
  }

  importBindings(path: string): ImportBinding[] {
    const stamp = this.store.changeStamp();
    if (this.bindings?.stamp !== stamp || this.bindings.byPath.size >= MAX_CACHED_BINDINGS) this.bindings = { stamp, byPath: new Map() };
    let found = this.bindings.byPath.get(path);
    if (!found) this.bindings.byPath.set(path, (found = readImportBindings(this.store, path)));
    return found;
  }

  referencedNames(path: string): string[] {
    return this.store
      .statement('SELECT DISTINCT r.name FROM refs r JOIN files f ON f.id = r.file_id WHERE f.path = ? ORDER BY r.name')
      .pluck()
      .all(path) as string[];
  }

  neighbours(
    paths: string[],
    kinds: readonly NeighbourKind[] = NEIGHBOUR_KINDS,
  ): { from: string; to: string; kind: string; weight: number }[] {
    // Kinds are written into the text (one cached statement per set), from the fixed list only: the plan stays index-driven.
    const listed = NEIGHBOUR_KINDS.filter((k) => kinds.includes(k));
    if (listed.length === 0) return [];
    return this.store
      .statement(
        `WITH picked AS (SELECT id FROM files WHERE path IN (SELECT value FROM json_each(@paths)))
       SELECT fa.path AS "from", fb.path AS "to", ${kindNameSql('edge', 'e.kind')} AS kind, e.weight
       FROM edges e JOIN files fa ON fa.id = e.src_file_id JOIN files fb ON fb.id = e.dst_file_id
       WHERE e.kind IN ${kindCodesSql('edge', listed)}
         AND (e.src_file_id IN (SELECT id FROM picked) OR e.dst_file_id IN (SELECT id FROM picked))`,
      )
      .all({ paths: JSON.stringify(paths) }) as { from: string; to: string; kind: string; weight: number }[];
  }

  fileGraph(kinds: readonly NeighbourKind[]): { paths: string[]; from: Int32Array; to: Int32Array; weight: Float64Array } {
    const graph = loadFileGraph(this.store, { kinds: NEIGHBOUR_KINDS.filter((k) => kinds.includes(k)) });
    return { paths: graph.files.map((f) => f.path), from: graph.from, to: graph.to, weight: graph.weight };
  }

  chunkAt(path: string, line: number): { startLine: number; endLine: number; context: string } | undefined {
    return this.store
      .statement(
        `SELECT c.start_line AS startLine, c.end_line AS endLine, ${chunkContextSql('c')} AS context FROM chunks c JOIN files f ON f.id = c.file_id
       WHERE f.path = ? AND c.start_line <= ? AND c.end_line >= ? ORDER BY c.end_line - c.start_line LIMIT 1`,
      )
      .get(path, line, line) as { startLine: number; endLine: number; context: string } | undefined;
  }

  symbolsIn(path: string): SymbolHit[] {
    return this.store
      .statement(
        `SELECT s.id, s.name, ${kindNameSql('symbol', 's.kind')} AS kind, s.scope, s.signature, f.path, s.start_line AS startLine, s.end_line AS endLine
       FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.kind <> ${toKindCode('symbol', 'field')}
       ORDER BY s.start_line, s.end_line DESC`,
      )
      .all(path) as SymbolHit[];
  }
}

/**
 * A row without its null `skipped`, as a new object: `delete` would turn every row into a dictionary-mode
 * object (55K files: 0.1 s to list instead of 15 ms), and the same keys in the same order print the same JSON.
 */
function toListedFile(row: ListedFile): ListedFile {
  if (row.skipped !== null) return row;
  return { path: row.path, size: row.size, lines: row.lines, language: row.language };
}

function toIndexedFile(row: IndexedFile): IndexedFile {
  if (row.skipped !== null) return row;
  return { path: row.path, blobSha: row.blobSha, size: row.size, lines: row.lines, language: row.language };
}
