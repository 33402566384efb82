import { AMBIGUOUS_NAMES } from './ambiguous-names.js';
import type { IndexStore } from './index-store.js';
import { kindCodesSql, kindNameSql, toKindCode } from './stored-kinds.js';
import { TtlCache } from './ttl-cache.js';
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
 * A call is linked to a definition only where the index resolved a path
 * from the calling file to the defining one; a name alone is never enough
 * (`get` in one file is not `Map.get` in another). The calling file is:
 * - the defining file itself;
 * - a file with a resolved import of it;
 * - a file importing a package entry (`__init__.py`, `index.ts`, `mod.rs`)
 *   that imports it: the re-export every Python and JavaScript package uses;
 * - for Go, Java and C#, a file of the same package (folder): they call
 *   each other without imports;
 * - for C and C++, a file including the header beside it (`b.h` for `b.c`).
 * Each walk step starts from edges or the defining file's folder (indexed,
 * a few rows per file), so a common name costs no more than a rare one.
 */
const CALL_KINDS = kindCodesSql('reference', ['call', 'new']);
const IMPORT_EDGES = kindCodesSql('edge', ['import', 'contains']);
const PACKAGE_ENTRY = ['__init__.py', 'index.ts', 'index.tsx', 'index.js', 'index.mjs', 'index.cjs', 'mod.rs', 'lib.rs']
  .map((name) => `(p.path = '${name}' OR p.path GLOB '*/${name}')`)
  .join(' OR ');
const SAME_PACKAGE_LANGUAGES = `('go', 'java', 'csharp')`;
const HEADER_LANGUAGES = `('c', 'cpp')`;
/** `h` is a header (.h, .hh, .hpp, .hxx) and `d` has its stem exactly: `b.h` and `b.c`, not `bx.c` or `B.c`. */
const SAME_STEM = `(h.path GLOB '*.h' OR h.path GLOB '*.hh' OR h.path GLOB '*.hpp' OR h.path GLOB '*.hxx')
  AND substr(d.path, 1, length(rtrim(h.path, 'hpx'))) = rtrim(h.path, 'hpx') AND d.path NOT GLOB '*.h*'`;

/** One way a calling file is linked to a defining file: the joins from one to the other, and the expression naming the far end. */
interface Link {
  /**
   * When the calling file must also import the called name (or, for a method, its class) by name: `methods`
   * for a direct import (a module imported for one class does not make every `x.copy()` a call of its
   * `copy`), `always` through a package entry (importing one name from a package is not importing all of it).
   */
  importsName?: 'methods' | 'always';
  /** From the defining file (`@DEF`) to the calling file: joins, and the calling file's id. */
  toCaller: [joins: string, caller: string];
  /** From the calling file (`@CALLER`) to the defining file: joins, and the defining file's id. */
  toDefinition: [joins: string, definition: string];
}

const LINKS: Link[] = [
  { toCaller: ['', '@DEF'], toDefinition: ['', '@CALLER'] },
  {
    importsName: 'methods',
    toCaller: [`JOIN edges e ON e.dst_file_id = @DEF AND e.kind IN ${IMPORT_EDGES}`, 'e.src_file_id'],
    toDefinition: [`JOIN edges e ON e.src_file_id = @CALLER AND e.kind IN ${IMPORT_EDGES}`, 'e.dst_file_id'],
  },
  {
    importsName: 'always',
    toCaller: [
      `JOIN edges e2 ON e2.dst_file_id = @DEF AND e2.kind IN ${IMPORT_EDGES} JOIN files p ON p.id = e2.src_file_id AND (${PACKAGE_ENTRY})
      JOIN edges e1 ON e1.dst_file_id = p.id AND e1.kind IN ${IMPORT_EDGES}`,
      'e1.src_file_id',
    ],
    toDefinition: [
      `JOIN edges e1 ON e1.src_file_id = @CALLER AND e1.kind IN ${IMPORT_EDGES} JOIN files p ON p.id = e1.dst_file_id AND (${PACKAGE_ENTRY})
      JOIN edges e2 ON e2.src_file_id = p.id AND e2.kind IN ${IMPORT_EDGES}`,
      'e2.dst_file_id',
    ],
  },
  {
    toCaller: [
      `JOIN files d ON d.id = @DEF AND d.language IN ${SAME_PACKAGE_LANGUAGES}
      JOIN files f ON f.dir_id = d.dir_id AND f.language = d.language AND f.id <> d.id`,
      'f.id',
    ],
    toDefinition: [
      `JOIN files f ON f.id = @CALLER AND f.language IN ${SAME_PACKAGE_LANGUAGES}
      JOIN files d ON d.dir_id = f.dir_id AND d.language = f.language AND d.id <> f.id`,
      'd.id',
    ],
  },
  {
    toCaller: [
      `JOIN files d ON d.id = @DEF AND d.language IN ${HEADER_LANGUAGES}
      JOIN files h ON h.dir_id = d.dir_id AND h.id <> d.id AND h.language IN ${HEADER_LANGUAGES} AND ${SAME_STEM}
      JOIN edges e ON e.dst_file_id = h.id AND e.kind IN ${IMPORT_EDGES}`,
      'e.src_file_id',
    ],
    toDefinition: [
      `JOIN edges e ON e.src_file_id = @CALLER AND e.kind IN ${IMPORT_EDGES}
      JOIN files h ON h.id = e.dst_file_id AND h.language IN ${HEADER_LANGUAGES}
      JOIN files d ON d.dir_id = h.dir_id AND d.id <> h.id AND d.language IN ${HEADER_LANGUAGES} AND ${SAME_STEM}`,
      'd.id',
    ],
  },
];

/** The condition that the calling file imports the definition `d` by name (a method: by its class's name). */
/**
 * Conditions every linked call meets, whatever the link: the name is not one too common to link
 * (`__init__` via `super().__init__()`, `get`, `push`); and outside the defining file, the calling file
 * defines no symbol of that name itself (`state.add_url_rule()` in a file with its own `add_url_rule`
 * most likely calls that one: without receiver types, the nearer definition wins).
 */
function linkableCall(d: string, sameFile: boolean): string {
  const common = `AND lower(${d}.name) NOT IN (${[...AMBIGUOUS_NAMES].map((n) => `'${n}'`).join(', ')})`;
  return sameFile ? common : `${common} AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.file_id = r.file_id AND o.name = ${d}.name)`;
}

function importsNameOf(d: string, rule: Link['importsName']): string {
  if (rule === undefined) return '';
  const method = toKindCode('symbol', 'method');
  const imported = `EXISTS (SELECT 1 FROM refs i WHERE i.file_id = r.file_id AND i.kind = ${toKindCode('reference', 'import')}
    AND (i.name = ${d}.name OR (${d}.kind = ${method} AND (i.name = ${d}.scope OR ${d}.scope LIKE '%.' || i.name))))`;
  return rule === 'always' ? `AND ${imported}` : `AND (${d}.kind <> ${method} OR ${imported})`;
}

/** The recursive steps of a call walk: one per link, joined by UNION. */
function linkedCallSteps(direction: 'callers' | 'callees'): string {
  return LINKS.map((link) => {
    if (direction === 'callers') {
      // The walk holds definitions (t); the step adds the references (r) to them in linked files.
      const [joins, caller] = link.toCaller;
      return `SELECT coalesce(nullif(r.symbol_id, 0), -r.file_id), w.depth + 1, r.line
        FROM walk w JOIN symbols t ON t.id = w.symbol_id ${joins.replaceAll('@DEF', 't.file_id')}
        JOIN refs r ON r.file_id = ${caller.replaceAll('@DEF', 't.file_id')} AND r.name = t.name AND r.kind IN ${CALL_KINDS}
        WHERE w.depth < @depth ${importsNameOf('t', link.importsName)} ${linkableCall('t', link === LINKS[0])}`;
    }
    // The walk holds callers; the step adds the definitions (s) their references (r) reach in linked files.
    const [joins, definition] = link.toDefinition;
    return `SELECT s.id, w.depth + 1, s.start_line
      FROM walk w JOIN symbols ws ON ws.id = w.symbol_id
      JOIN refs r ON r.file_id = ws.file_id AND r.symbol_id = w.symbol_id AND r.kind IN ${CALL_KINDS} ${joins.replaceAll('@CALLER', 'r.file_id')}
      JOIN symbols s ON s.file_id = ${definition.replaceAll('@CALLER', 'r.file_id')} AND s.name = r.name AND s.kind IN ${CALLABLE_KINDS}
      WHERE w.depth < @depth ${importsNameOf('s', link.importsName)} ${linkableCall('s', link === LINKS[0])}`;
  }).join('\n UNION\n');
}

/** Lines sort below depths in one number, so a caller's line is the one at its nearest depth. */
const LINE_SPAN = 100_000_000;

/** Deepest walk served: past this, call chains say little and cost much. */
const MAX_CALL_DEPTH = 5;

const CALLABLE_KINDS = kindCodesSql('symbol', ['function', 'method', 'class', 'struct', 'macro']);

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

  /** Definitions named `name` (or `Scope.name`); exact case first, then any case. */
  findDefinitions(name: string, limit = 50): SymbolHit[] {
    const dot = name.lastIndexOf('.');
    const [scope, bare] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : ['', name];
    return this.store
      .statement(
        `SELECT s.id, s.name, ${kindNameSql('symbol', 's.kind')} AS kind, s.scope, s.signature, f.path, s.start_line AS startLine, s.end_line AS endLine
       FROM symbols s JOIN files f ON f.id = s.file_id
       WHERE ${symbolNameAnyCase('s.name', '@bare')} AND (@scope = '' OR s.scope = @scope OR s.scope LIKE '%.' || @scope)
       ORDER BY s.name <> @bare, s.kind IN ${kindCodesSql('symbol', ['constant', 'field'])}, f.path, s.start_line
       LIMIT @limit`,
      )
      .all({ bare, scope, limit }) as SymbolHit[];
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
    return this.walkCalls(linkedCallSteps('callers'), symbolId, depth, limit);
  }

  /** Symbols `symbolId` calls, and what they call, up to `depth` hops, through resolved links only. */
  callees(symbolId: number, depth = 1, limit = 200): CallHit[] {
    return this.walkCalls(linkedCallSteps('callees'), symbolId, depth, limit);
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

  private walkCalls(steps: string, symbolId: number, depth: number, limit: number): CallHit[] {
    // The walk holds symbol ids; a call from module level holds the negated file id and stops there.
    return this.store
      .statement(
        `WITH RECURSIVE walk (symbol_id, depth, line) AS (
         SELECT id, 0, start_line FROM symbols WHERE id = @symbolId
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
