import type { IndexStore } from './index-store.js';
import { TtlCache } from './ttl-cache.js';

export interface SymbolHit {
  id: number;
  name: string;
  kind: string;
  scope: string;
  signature: string;
  path: string;
  startLine: number;
  endLine: number;
}

export interface ReferenceHit {
  name: string;
  kind: string;
  path: string;
  line: number;
  /** The symbol the reference sits in; undefined at module level. */
  inSymbol: string | undefined;
}

export interface CallHit {
  depth: number;
  symbolId: number | undefined;
  name: string | undefined;
  kind: string | undefined;
  path: string;
  line: number;
}

export interface FileHit {
  path: string;
  depth: number;
}

export interface Subgraph {
  nodes: FileHit[];
  edges: { from: string; to: string; kind: string; weight: number }[];
}

export type EdgeKind = 'import' | 'contains' | 'call' | 'inherit' | 'type';
const ALL_KINDS: EdgeKind[] = ['import', 'contains', 'call', 'inherit', 'type'];

/** Rows a walk may produce before it stops: bounds the work of a walk through a hub. */
const WALK_ROW_CAP = 20_000;
const SUBGRAPH_TTL_MS = 60_000;

/**
 * How a reference `r` may be linked to a definition `t` by name: in the same
 * file or folder (Go, Java packages), in a file `r`'s file imports, or when
 * the name is defined exactly once in the repository.
 */
const LINKABLE = `(r.file_id = t.file_id
  OR rf.dir = tf.dir
  OR EXISTS (SELECT 1 FROM edges e WHERE e.src_file_id = r.file_id AND e.kind = 'import' AND e.dst_file_id = t.file_id)
  OR (SELECT count(*) FROM symbols u WHERE u.name = t.name) = 1)`;

const CALLABLE_KINDS = `('function', 'method', 'class', 'struct', 'macro')`;

/**
 * Graph questions over the index. Each method is one SQL statement (walks are
 * recursive CTEs, never a query per node); subgraphs are cached briefly.
 */
export class GraphQueries {
  private readonly subgraphs: TtlCache<Subgraph>;

  constructor(private readonly store: IndexStore, now: () => number = Date.now) {
    this.subgraphs = new TtlCache(SUBGRAPH_TTL_MS, 256, now);
  }

  /** Definitions named `name` (or `Scope.name`); exact case first, then any case. */
  findDefinitions(name: string, limit = 50): SymbolHit[] {
    const dot = name.lastIndexOf('.');
    const [scope, bare] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : ['', name];
    return this.store.statement(
      `SELECT s.id, s.name, s.kind, s.scope, s.signature, f.path, s.start_line AS startLine, s.end_line AS endLine
       FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE lower(s.name) = lower(@bare) AND (@scope = '' OR s.scope = @scope OR s.scope LIKE '%.' || @scope)
       ORDER BY s.name <> @bare, s.kind IN ('constant', 'field'), f.path, s.start_line
       LIMIT @limit`,
    ).all({ bare, scope, limit }) as SymbolHit[];
  }

  /** Every place `name` is used (calls, types, imports, inheritance). */
  findReferences(name: string, limit = 200): ReferenceHit[] {
    const bare = name.slice(name.lastIndexOf('.') + 1);
    return this.store.statement(
      `SELECT r.name, r.kind, f.path, r.line, s.name AS inSymbol
       FROM refs r JOIN files f ON f.id = r.file_id LEFT JOIN symbols s ON s.id = r.symbol_id
       WHERE r.name = ? ORDER BY f.path, r.line LIMIT ?`,
    ).all(bare, limit).map((row) => ({ ...(row as ReferenceHit), inSymbol: (row as { inSymbol: string | null }).inSymbol ?? undefined }));
  }

  /** Symbols that call `symbolId`, and their callers, up to `depth` hops. */
  callers(symbolId: number, depth = 1, limit = 200): CallHit[] {
    return this.walkCalls(`
      SELECT r.symbol_id, r.file_id, r.line, w.depth + 1
      FROM walk w
      JOIN symbols t ON t.id = w.symbol_id
      JOIN files tf ON tf.id = t.file_id
      JOIN refs r ON r.name = t.name AND r.kind IN ('call', 'new')
      JOIN files rf ON rf.id = r.file_id
      WHERE w.depth < @depth AND ${LINKABLE}`, symbolId, depth, limit);
  }

  /** Symbols `symbolId` calls, and what they call, up to `depth` hops. */
  callees(symbolId: number, depth = 1, limit = 200): CallHit[] {
    return this.walkCalls(`
      SELECT t.id, t.file_id, t.start_line, w.depth + 1
      FROM walk w
      JOIN refs r ON r.symbol_id = w.symbol_id AND r.kind IN ('call', 'new')
      JOIN files rf ON rf.id = r.file_id
      JOIN symbols t ON t.name = r.name AND t.kind IN ${CALLABLE_KINDS}
      JOIN files tf ON tf.id = t.file_id
      WHERE w.depth < @depth AND ${LINKABLE}`, symbolId, depth, limit);
  }

  /** Files `path` imports, transitively to `depth`. */
  imports(path: string, depth = 1, limit = 500): FileHit[] {
    return this.walkFiles(path, depth, limit, 'out', ['import', 'contains']);
  }

  /** Files that import `path`, transitively to `depth`. */
  importers(path: string, depth = 1, limit = 500): FileHit[] {
    return this.walkFiles(path, depth, limit, 'in', ['import', 'contains']);
  }

  /** Files within `depth` hops of `path` in either direction, and the edges among them. */
  subgraph(path: string, options: { depth?: number; kinds?: EdgeKind[]; maxNodes?: number } = {}): Subgraph {
    const depth = options.depth ?? 2;
    const kinds = options.kinds ?? ALL_KINDS;
    const maxNodes = options.maxNodes ?? 200;
    const key = `${this.store.generation}|${path}|${depth}|${kinds.join(',')}|${maxNodes}`;
    const cached = this.subgraphs.get(key);
    if (cached) return cached;
    const rows = this.store.statement(
      `WITH RECURSIVE walk (file_id, depth) AS (
         SELECT id, 0 FROM files WHERE path = @path
         UNION
         SELECT e.dst_file_id, w.depth + 1 FROM walk w JOIN edges e ON e.src_file_id = w.file_id
         WHERE w.depth < @depth AND e.kind IN (SELECT value FROM json_each(@kinds))
         UNION
         SELECT e.src_file_id, w.depth + 1 FROM walk w JOIN edges e ON e.dst_file_id = w.file_id
         WHERE w.depth < @depth AND e.kind IN (SELECT value FROM json_each(@kinds))
         LIMIT ${WALK_ROW_CAP}
       ),
       nodes AS (SELECT file_id, min(depth) AS depth FROM walk GROUP BY file_id ORDER BY depth, file_id LIMIT @maxNodes)
       SELECT 'node' AS row, f.path AS a, NULL AS b, NULL AS kind, n.depth AS depth, NULL AS weight
       FROM nodes n JOIN files f ON f.id = n.file_id
       UNION ALL
       SELECT 'edge', fa.path, fb.path, e.kind, NULL, e.weight
       FROM edges e JOIN files fa ON fa.id = e.src_file_id JOIN files fb ON fb.id = e.dst_file_id
       WHERE e.src_file_id IN (SELECT file_id FROM nodes) AND e.dst_file_id IN (SELECT file_id FROM nodes)
         AND e.kind IN (SELECT value FROM json_each(@kinds))`,
    ).all({ path, depth, kinds: JSON.stringify(kinds), maxNodes }) as {
      row: string; a: string; b: string; kind: string; depth: number; weight: number;
    }[];
    const result: Subgraph = { nodes: [], edges: [] };
    for (const r of rows) {
      if (r.row === 'node') result.nodes.push({ path: r.a, depth: r.depth });
      else result.edges.push({ from: r.a, to: r.b, kind: r.kind, weight: r.weight });
    }
    result.nodes.sort((x, y) => x.depth - y.depth || (x.path < y.path ? -1 : 1));
    this.subgraphs.set(key, result);
    return result;
  }

  private walkCalls(step: string, symbolId: number, depth: number, limit: number): CallHit[] {
    return this.store.statement(
      `WITH RECURSIVE walk (symbol_id, file_id, line, depth) AS (
         SELECT id, file_id, start_line, 0 FROM symbols WHERE id = @symbolId
         UNION
         ${step}
         LIMIT ${WALK_ROW_CAP}
       )
       SELECT min(w.depth) AS depth, w.symbol_id AS symbolId, s.name, s.kind, f.path, min(w.line) AS line
       FROM walk w JOIN files f ON f.id = w.file_id LEFT JOIN symbols s ON s.id = w.symbol_id
       WHERE w.depth > 0
       GROUP BY w.symbol_id, CASE WHEN w.symbol_id IS NULL THEN w.file_id END
       ORDER BY depth, f.path, line
       LIMIT @limit`,
    ).all({ symbolId, depth, limit }).map((row) => {
      const r = row as CallHit & { symbolId: number | null; name: string | null; kind: string | null };
      return { ...r, symbolId: r.symbolId ?? undefined, name: r.name ?? undefined, kind: r.kind ?? undefined };
    });
  }

  private walkFiles(path: string, depth: number, limit: number, direction: 'in' | 'out', kinds: EdgeKind[]): FileHit[] {
    const [from, to] = direction === 'out' ? ['src_file_id', 'dst_file_id'] : ['dst_file_id', 'src_file_id'];
    return this.store.statement(
      `WITH RECURSIVE walk (file_id, depth) AS (
         SELECT id, 0 FROM files WHERE path = @path
         UNION
         SELECT e.${to}, w.depth + 1 FROM walk w JOIN edges e ON e.${from} = w.file_id
         WHERE w.depth < @depth AND e.kind IN (SELECT value FROM json_each(@kinds))
         LIMIT ${WALK_ROW_CAP}
       )
       SELECT f.path, min(w.depth) AS depth FROM walk w JOIN files f ON f.id = w.file_id
       WHERE w.depth > 0 AND f.path <> @path
       GROUP BY w.file_id ORDER BY depth, f.path LIMIT @limit`,
    ).all({ path, depth, kinds: JSON.stringify(kinds), limit }) as FileHit[];
  }
}
