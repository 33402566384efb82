import { AMBIGUOUS_NAMES } from './ambiguous-names.js';
import { kindCodesSql, toKindCode } from './stored-kinds.js';

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
const FIELD = toKindCode('symbol', 'field');
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

/** Languages whose queries read a member call's receiver (resolve-receivers.ts): their methods are linked by it. */
export const RECEIVER_LANGUAGES = ['python', 'javascript', 'typescript', 'tsx', 'go'] as const;
const METHOD = toKindCode('symbol', 'method');
const CLASS_KINDS = kindCodesSql('symbol', ['class', 'interface', 'struct', 'trait', 'enum']);

/** `d` is a method of a language whose calls say their receiver: only a call on its class (or a subclass) reaches it. */
export function isTypedMethod(d: string): string {
  return `(${d}.kind = ${METHOD} AND (SELECT language FROM files WHERE id = ${d}.file_id) IN (${RECEIVER_LANGUAGES.map((l) => `'${l}'`).join(', ')}))`;
}

/**
 * The receiver of the call `r` is `d`'s class: by name, or a class that names `d`'s class as its base and does
 * not define a method of that name itself (`self.flush()` in a subclass, `super()._x()` whose base inherits `_x`,
 * a Go struct embedding another; where the class defines its own, the call reaches that one, never the base's).
 * A call on the base of `d`'s class, or on something the code does not type (`?`), is not a call of `d`: it may
 * be one at run time, which the index cannot tell.
 */
function receiverIsClassOf(d: string): string {
  const inherit = toKindCode('reference', 'inherit');
  return `r.receiver NOT IN ('', '?') AND (${d}.scope = r.receiver OR ${d}.scope LIKE '%.' || r.receiver OR EXISTS (
    SELECT 1 FROM symbols c JOIN refs ih ON ih.file_id = c.file_id AND ih.symbol_id = c.id AND ih.kind = ${inherit}
    WHERE c.name = r.receiver COLLATE NOCASE AND c.name = r.receiver AND c.kind IN ${CLASS_KINDS}
      AND (${d}.scope = ih.name OR ${d}.scope LIKE '%.' || ih.name)
      AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.file_id = c.file_id AND o.name = ${d}.name AND o.kind = ${METHOD}
        AND (o.parent_id = c.id OR o.scope = c.name))))`;
}

/**
 * Conditions every linked call meets, whatever the link. A method of a language with receivers is reached
 * only through its class (receiverIsClassOf), whatever its name. Anything else is linked by name: a plain
 * call or a module's member (receiver ''), and only when the name is not one too common to link (`__init__`
 * via `super().__init__()`, `get`, `push`); outside the defining file, the calling file must define no symbol
 * of that name itself (`state.add_url_rule()` in a file with its own `add_url_rule` most likely calls that one).
 */
function linkableCall(d: string, sameFile: boolean, evenCommon = false): string {
  const common = evenCommon ? '1' : `lower(${d}.name) NOT IN (${[...AMBIGUOUS_NAMES].map((n) => `'${n}'`).join(', ')})`;
  // A field of the calling file (an interface's `send: () => void`) is no function a plain call there would mean.
  const near = sameFile
    ? ''
    : ` AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.file_id = r.file_id AND o.name = ${d}.name AND o.kind <> ${FIELD})`;
  return `AND CASE WHEN ${isTypedMethod(d)} THEN ${receiverIsClassOf(d)} ELSE r.receiver = '' AND ${common}${near} END`;
}

/**
 * A Python file that imports a package (`import httpx`) calls what its `__init__.py` re-exports as a member of
 * it (`httpx.post()`, `@click.version_option()`): a call on a module (receiver '') counts without a by-name import.
 */
const PYTHON_PACKAGE_MEMBER = `(r.receiver = '' AND (SELECT language FROM files WHERE id = r.file_id) = 'python')`;

/** The condition that the calling file imports the definition `d` by name (a method: by its class's name; a typed call names its class itself). */
function importsNameOf(d: string, rule: Link['importsName']): string {
  if (rule === undefined) return '';
  const imported = `EXISTS (SELECT 1 FROM refs i WHERE i.file_id = r.file_id AND i.kind = ${toKindCode('reference', 'import')}
    AND (i.name = ${d}.name OR (${d}.kind = ${METHOD} AND (i.name = ${d}.scope OR ${d}.scope LIKE '%.' || i.name))))`;
  return rule === 'always'
    ? `AND (${isTypedMethod(d)} OR ${imported} OR ${PYTHON_PACKAGE_MEMBER})`
    : `AND (${d}.kind <> ${METHOD} OR ${isTypedMethod(d)} OR ${imported})`;
}

/**
 * Calls of the typed method `t` (@symbolId) the index could not resolve: same name, a receiver the code does
 * not type, in a file linked to t's (any link). Counted, never linked: what outputs say they could not tell.
 */
export function untoldCallsSql(): string {
  const steps = LINKS.map((link) => {
    const [joins, caller] = link.toCaller;
    return `SELECT r.file_id, r.symbol_id FROM symbols t ${joins.replaceAll('@DEF', 't.file_id')}
      JOIN refs r ON r.file_id = ${caller.replaceAll('@DEF', 't.file_id')} AND r.name = t.name AND r.kind IN ${CALL_KINDS} AND r.receiver = '?'
      WHERE t.id = @symbolId AND ${isTypedMethod('t')}`;
  }).join('\n UNION\n');
  return `SELECT count(*) AS n FROM (${steps})`;
}

/**
 * The recursive steps of a call walk: one per link, joined by UNION. `evenCommon` links names too common to
 * link (`get`, `split`) as well: for a reader that checks each call's receiver itself (find-call-site-arguments.ts).
 */
export function linkedCallSteps(direction: 'callers' | 'callees', evenCommon = false): string {
  return LINKS.map((link) => {
    if (direction === 'callers') {
      // The walk holds definitions (t); the step adds the references (r) to them in linked files.
      const [joins, caller] = link.toCaller;
      return `SELECT coalesce(nullif(r.symbol_id, 0), -r.file_id), w.depth + 1, r.line
        FROM walk w JOIN symbols t ON t.id = w.symbol_id ${joins.replaceAll('@DEF', 't.file_id')}
        JOIN refs r ON r.file_id = ${caller.replaceAll('@DEF', 't.file_id')} AND r.name = t.name AND r.kind IN ${CALL_KINDS}
        WHERE w.depth < @depth ${importsNameOf('t', link.importsName)} ${linkableCall('t', link === LINKS[0], evenCommon)}`;
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

const CALLABLE_KINDS = kindCodesSql('symbol', ['function', 'method', 'class', 'struct', 'macro']);
