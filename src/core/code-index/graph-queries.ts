import { isAmbiguousName } from './ambiguous-names.js';
import type { IndexStore } from './index-store.js';
import { kindCodesSql, kindNameSql, toKindCode } from './stored-kinds.js';
import { TtlCache } from './ttl-cache.js';
import { isTypedMethod, linkedCallSteps, untoldCallsSql } from './linked-call-sql.js';
import { symbolNameAnyCase } from './symbol-name-sql.js';

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

export interface CallSites {
  callers: CallHit[];
  /** Calls by the symbol's name whose receiver the index could not type: it cannot tell whether they call it. */
  unresolved: number;
  /** The name is too common to link calls to it by name: no callers are claimed. */
  ambiguous: boolean;
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

/**
 * A constructor (`constructor`, `__init__`) runs wherever its class is instantiated (`new Command()`,
 * `DateTime()`), besides the calls that name it (`super().__init__()`): a callers walk from a constructor starts
 * from its class too, so "no callers" is never said of a constructor whose class is built all over the tree.
 */
const CONSTRUCTED_CLASS_SEED = `UNION SELECT c.id, 0, c.start_line FROM symbols m JOIN symbols c ON c.id = m.parent_id
         WHERE m.id = @symbolId AND m.name IN ('constructor', '__init__') AND c.kind IN ${kindCodesSql('symbol', ['class', 'struct'])}`;

/** Rows a walk may produce before it stops: bounds the work of a walk through a hub. */
const WALK_ROW_CAP = 20_000;
const SUBGRAPH_TTL_MS = 60_000;

const SYMBOL_HIT_COLUMNS = `s.id, s.name, ${kindNameSql('symbol', 's.kind')} AS kind, s.scope, s.signature, f.path,
  s.start_line AS startLine, s.end_line AS endLine`;

/** Lines sort below depths in one number, so a caller's line is the one at its nearest depth. */
const LINE_SPAN = 100_000_000;

/** Deepest walk served: past this, call chains say little and cost much. */
const MAX_CALL_DEPTH = 5;

/**
 * Graph questions over the index. Each method is one SQL statement (walks are
 * recursive CTEs, never a query per node); subgraphs are cached briefly.
 */
export class GraphQueries {
  private readonly subgraphs: TtlCache<Subgraph>;

  constructor(
    private readonly store: IndexStore,
    now: () => number = Date.now,
  ) {
    this.subgraphs = new TtlCache(SUBGRAPH_TTL_MS, 256, now);
  }

  /**
   * Definitions named `name`, or `Scope.name` as users write it. A scope that names no definition's scope
   * (`c.Next`, `client.send`, `httpx.Request`, `error.status`) is read as a receiver: the member's definitions
   * in a module or package of that name first (`httpx/…`), then a member (not a nested function) of a class whose name holds it (`client` ->
   * `Client`, `AsyncClient`; `c` -> `Context`) or a function assigned to it (`res.send = function send`), then
   * the member's other definitions in classes. Exact case
   * first, then any case. `find`, the pipeline and its gaps all read this one lookup.
   */
  findDefinitions(name: string, limit = 50): SymbolHit[] {
    const dot = name.lastIndexOf('.');
    const [scope, bare] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : ['', name];
    const scoped = this.store
      .statement(
        `SELECT ${SYMBOL_HIT_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE ${symbolNameAnyCase('s.name', '@bare')} AND (@scope = '' OR s.scope = @scope OR s.scope LIKE '%.' || @scope)
       ORDER BY s.name <> @bare, s.kind IN ${kindCodesSql('symbol', ['constant', 'field'])}, f.path, s.start_line
       LIMIT @limit`,
      )
      .all({ bare, scope, limit }) as SymbolHit[];
    if (scoped.length > 0 || scope === '' || bare === '') return scoped;
    const receiver = scope.slice(scope.lastIndexOf('.') + 1).replace(/\(\)$/, '');
    // `httpx.Request`, `httpx._models.Request`: a file in the folder, or the file, the scope spells; `gin.Context`: a
    // Go package's top level (its name is in the package clause, which the index does not keep).
    const modulePath = scope.replaceAll('.', '/');
    // Directly in the package's folder: `calc.abc` is not `abc` in calc/solvers/ode.py.
    const inModule = `(CASE WHEN (('/' || f.path) GLOB '*/' || @modulePath || '/*' AND NOT ('/' || f.path) GLOB '*/' || @modulePath || '/*/*')
        OR ('/' || f.path) GLOB '*/' || @modulePath || '.*' THEN 2
      WHEN f.language = 'go' AND s.scope = '' THEN 1 ELSE 0 END)`;
    // `res.send = function send(body)`, `Foo.prototype.bar = function`: a function assigned to the object the
    // scope names (Express defines its API so); the signature is the assignment's own text.
    const assigned = `(s.signature LIKE @scope || '.' || @bare || ' %' OR s.signature LIKE @scope || '.' || @bare || '=%'
      OR s.signature LIKE @scope || '.prototype.' || @bare || ' %')`;
    return this.store
      .statement(
        `SELECT ${SYMBOL_HIT_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE ${symbolNameAnyCase('s.name', '@bare')} AND (${inModule} > 0 OR (s.scope <> '' AND s.kind <> ${toKindCode('symbol', 'function')})
         OR ${assigned} > 0)
       ORDER BY s.name <> @bare, ${assigned} DESC, ${inModule} DESC, lower(s.scope) <> lower(@receiver),
         instr(lower(s.scope), lower(@receiver)) <> 1, instr(lower(s.scope), lower(@receiver)) = 0,
         s.kind IN ${kindCodesSql('symbol', ['constant'])}, f.path, s.start_line
       LIMIT @limit`,
      )
      .all({ bare, scope, receiver, modulePath, limit }) as SymbolHit[];
  }

  /** Every place `name` is used (calls, types, imports, inheritance). */
  findReferences(name: string, limit = 200): ReferenceHit[] {
    const bare = name.slice(name.lastIndexOf('.') + 1);
    return this.store
      .statement(
        `SELECT r.name, ${kindNameSql('reference', 'r.kind')} AS kind, f.path, r.line, s.name AS inSymbol
       FROM refs r JOIN files f ON f.id = r.file_id LEFT JOIN symbols s ON s.id = r.symbol_id
       WHERE r.name = ? ORDER BY f.path, r.line LIMIT ?`,
      )
      .all(bare, limit)
      .map((row) => ({ ...(row as ReferenceHit), inSymbol: (row as { inSymbol: string | null }).inSymbol ?? undefined }));
  }

  /** Symbols that call `symbolId`, and their callers, up to `depth` hops, through resolved links only. Module-level calls come back without a symbol. */
  callers(symbolId: number, depth = 1, limit = 200): CallHit[] {
    return this.walkCalls('callers', symbolId, depth, limit);
  }

  /**
   * THE call sites of a symbol, for every output that counts or lists them (blast radius, plans, refs): the
   * linked callers; how many calls by its name on receivers the index could not type (a method of a language
   * with receivers only: said, never counted as callers); and whether the name is too common to link by name
   * (a function, or a method of a language without receivers, named `get`, `run`…: no callers are claimed).
   */
  callSites(symbolId: number, depth = 1, limit = 200): CallSites {
    const row = this.store.statement(`SELECT s.name, ${isTypedMethod('s')} AS typed FROM symbols s WHERE s.id = ?`).get(symbolId) as
      { name: string; typed: number } | undefined;
    if (!row) return { callers: [], unresolved: 0, ambiguous: false };
    if (!row.typed && isAmbiguousName(row.name)) return { callers: [], unresolved: 0, ambiguous: true };
    const unresolved = row.typed ? (this.store.statement(untoldCallsSql()).get({ symbolId }) as { n: number }).n : 0;
    return { callers: this.callers(symbolId, depth, limit), unresolved, ambiguous: false };
  }

  /**
   * Every linked call of `symbolId`, one row per calling line (callers() keeps one line per calling symbol):
   * what a rule that reads each call's arguments needs. The same links as callers(), one statement; `evenCommon`
   * also for a name too common to link (`get`), for a reader that checks each call's receiver itself.
   */
  callLines(symbolId: number, limit = 500, options: { evenCommon?: boolean } = {}): { path: string; line: number }[] {
    return this.store
      .statement(
        `WITH RECURSIVE walk (symbol_id, depth, line) AS (
         SELECT id, 0, start_line FROM symbols WHERE id = @symbolId
         ${CONSTRUCTED_CLASS_SEED}
         UNION
         ${linkedCallSteps('callers', options.evenCommon)}
         LIMIT ${WALK_ROW_CAP}
       )
       SELECT DISTINCT f.path, w.line FROM walk w
       LEFT JOIN symbols s ON s.id = w.symbol_id
       JOIN files f ON f.id = CASE WHEN w.symbol_id < 0 THEN -w.symbol_id ELSE s.file_id END
       WHERE w.depth = 1
       ORDER BY f.path, w.line
       LIMIT @limit`,
      )
      .all({ symbolId, depth: 1, limit }) as { path: string; line: number }[];
  }

  /** Symbols `symbolId` calls, and what they call, up to `depth` hops, through resolved links only. */
  callees(symbolId: number, depth = 1, limit = 200): CallHit[] {
    return this.walkCalls('callees', symbolId, depth, limit);
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
    const rows = this.store
      .statement(
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
       SELECT 'edge', fa.path, fb.path, ${kindNameSql('edge', 'e.kind')}, NULL, e.weight
       FROM edges e JOIN files fa ON fa.id = e.src_file_id JOIN files fb ON fb.id = e.dst_file_id
       WHERE e.src_file_id IN (SELECT file_id FROM nodes) AND e.dst_file_id IN (SELECT file_id FROM nodes)
         AND e.kind IN (SELECT value FROM json_each(@kinds))`,
      )
      .all({ path, depth, kinds: toEdgeCodes(kinds), maxNodes }) as {
      row: string;
      a: string;
      b: string;
      kind: string;
      depth: number;
      weight: number;
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

  private walkCalls(direction: 'callers' | 'callees', symbolId: number, depth: number, limit: number): CallHit[] {
    const steps = linkedCallSteps(direction);
    // The walk holds symbol ids; a call from module level holds the negated file id and stops there.
    return this.store
      .statement(
        `WITH RECURSIVE walk (symbol_id, depth, line) AS (
         SELECT id, 0, start_line FROM symbols WHERE id = @symbolId
         ${direction === 'callers' ? CONSTRUCTED_CLASS_SEED : ''}
         UNION
         ${steps}
         LIMIT ${WALK_ROW_CAP}
       )
       SELECT min(w.depth) AS depth, s.id AS symbolId, s.name, ${kindNameSql('symbol', 's.kind')} AS kind, f.path,
         min(w.depth * ${LINE_SPAN} + w.line) % ${LINE_SPAN} AS line
       FROM walk w
       LEFT JOIN symbols s ON s.id = w.symbol_id
       JOIN files f ON f.id = CASE WHEN w.symbol_id < 0 THEN -w.symbol_id ELSE s.file_id END
       WHERE w.depth > 0
       GROUP BY w.symbol_id
       ORDER BY depth, f.path, line
       LIMIT @limit`,
      )
      .all({ symbolId, depth: Math.min(depth, MAX_CALL_DEPTH), limit })
      .map((row) => {
        const r = row as CallHit & { symbolId: number | null; name: string | null; kind: string | null };
        return { ...r, symbolId: r.symbolId ?? undefined, name: r.name ?? undefined, kind: r.kind ?? undefined };
      });
  }

  private walkFiles(path: string, depth: number, limit: number, direction: 'in' | 'out', kinds: EdgeKind[]): FileHit[] {
    const [from, to] = direction === 'out' ? ['src_file_id', 'dst_file_id'] : ['dst_file_id', 'src_file_id'];
    return this.store
      .statement(
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
      )
      .all({ path, depth, kinds: toEdgeCodes(kinds), limit }) as FileHit[];
  }
}

/** Edge kinds as the JSON list of their stored codes, for `kind IN (SELECT value FROM json_each(…))`. */
function toEdgeCodes(kinds: EdgeKind[]): string {
  return JSON.stringify(kinds.map((kind) => toKindCode('edge', kind)));
}
