import type { Node } from 'web-tree-sitter';

/**
 * The names an import statement binds from its module, as the index keeps
 * them: `name` where it is bound under its own name, `name:local` under
 * another (`setTimeout:delay`), `default` for a default import, `*` for the
 * whole module (a namespace, `import flask`, `export * from`, a `require`).
 * Undefined where the statement is not read (Go, Java, Ruby: packages,
 * not names); empty for an import that binds nothing (`import './setup.js'`).
 *
 * An entry file's re-exports are imports here too: `export {X} from './x.js'`
 * binds X, and Python's `from .globals import session` in `__init__.py`
 * binds session, so a test that imports X from the entry reaches `x.js`
 * through them (find-name-reach.ts).
 *
 * `node` is the import's source as captured (`import.source`).
 */
export function readImportNames(node: Node): string[] | undefined {
  const statement = findStatement(node);
  if (statement === undefined) return undefined;
  switch (statement.type) {
    case 'import_statement':
      return statement.childForFieldName('source') !== null ? readEcmaImport(statement) : readPythonImport(node);
    case 'export_statement':
      return readEcmaExport(statement);
    case 'call_expression':
      return readRequire(statement);
    case 'import_from_statement':
      return readPythonFrom(statement);
    default:
      return undefined;
  }
}

/** The statement a captured source belongs to: a string's statement (JS/TS), a dotted name's (Python). */
function findStatement(node: Node): Node | undefined {
  let at: Node | null = node.parent;
  for (let i = 0; at !== null && i < 4; i++, at = at.parent) {
    if (['import_statement', 'export_statement', 'import_from_statement'].includes(at.type)) return at;
    if (at.type === 'call_expression') return at;
  }
  return undefined;
}

function named(name: string, local: string | undefined): string {
  return local === undefined || local === name ? name : `${name}:${local}`;
}

function readEcmaImport(statement: Node): string[] {
  const clause = statement.namedChildren.find((c) => c?.type === 'import_clause');
  if (!clause) return [];
  const names: string[] = [];
  for (const part of clause.namedChildren) {
    if (part?.type === 'identifier') names.push(named('default', part.text));
    else if (part?.type === 'namespace_import') names.push(named('*', part.namedChildren.find((c) => c?.type === 'identifier')?.text));
    else if (part?.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec?.type !== 'import_specifier') continue;
        names.push(named(spec.childForFieldName('name')!.text, spec.childForFieldName('alias')?.text));
      }
    }
  }
  return names;
}

function readEcmaExport(statement: Node): string[] {
  const clause = statement.namedChildren.find((c) => c?.type === 'export_clause');
  if (!clause) {
    const space = statement.namedChildren.find((c) => c?.type === 'namespace_export');
    return [named('*', space?.namedChildren.at(-1)?.text)];
  }
  const names: string[] = [];
  for (const spec of clause.namedChildren) {
    if (spec?.type !== 'export_specifier') continue;
    // Bound in the entry under the alias: `export {default as ky} from './ky.js'`.
    names.push(named(spec.childForFieldName('name')!.text, spec.childForFieldName('alias')?.text));
  }
  return names;
}

/** `const {a, b: c} = require('x')` binds a and b; any other require or `import()` binds the whole module. */
function readRequire(call: Node): string[] {
  const declarator = call.parent;
  const target = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
  if (target?.type === 'identifier') return [named('*', target.text)];
  if (target?.type !== 'object_pattern') return ['*'];
  const names: string[] = [];
  for (const part of target.namedChildren) {
    if (part?.type === 'shorthand_property_identifier_pattern') names.push(part.text);
    else if (part?.type === 'pair_pattern') names.push(named(part.childForFieldName('key')!.text, part.childForFieldName('value')?.text));
  }
  return names.length > 0 ? names : ['*'];
}

/** `import flask` binds the module as `flask`, `import a.b as c` as `c`: a namespace, never a re-export. */
function readPythonImport(node: Node): string[] {
  const alias = node.parent?.type === 'aliased_import' ? node.parent.childForFieldName('alias')?.text : undefined;
  return [named('*', alias ?? node.text.split('.')[0])];
}

function readPythonFrom(statement: Node): string[] {
  if (statement.namedChildren.some((c) => c?.type === 'wildcard_import')) return ['*'];
  const names: string[] = [];
  for (const n of statement.childrenForFieldName('name')) {
    if (n?.type === 'aliased_import') names.push(named(n.childForFieldName('name')!.text, n.childForFieldName('alias')?.text));
    else if (n?.type === 'dotted_name') names.push(n.text);
  }
  return names;
}
