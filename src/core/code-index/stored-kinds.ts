import type { ChunkKind, ParsedImport, ReferenceKind, SymbolKind } from './types.js';

/**
 * Kinds as the index stores them: small integers, not their names. A kind
 * sits in every row of refs, edges, imports, symbols and chunks, and in the
 * refs and edges lookup indexes: as text it was 6.6 MB of the 53K-file
 * bench corpus' 84.2 MB index. Everything outside the SQL keeps the names; the
 * statements map at the storage edge with the helpers below, the one place
 * that knows the codes.
 *
 * Each table has its own list, in alphabetical order, so rows and indexes
 * keep the order they had with names (edges are read in key order, and
 * PageRank sums in that order), and the two most frequent kinds of a list
 * often get 0 and 1, which SQLite stores in no bytes at all.
 */
const KINDS = {
  symbol: [
    'class',
    'constant',
    'enum',
    'field',
    'function',
    'interface',
    'macro',
    'method',
    'module',
    'struct',
    'trait',
    'type',
  ] satisfies SymbolKind[],
  reference: ['call', 'import', 'inherit', 'new', 'type'] satisfies ReferenceKind[],
  edge: ['call', 'contains', 'import', 'inherit', 'type'],
  import: ['contains', 'import'] satisfies ParsedImport['kind'][],
  chunk: ['group', 'header', 'part', 'symbol', 'window'] satisfies ChunkKind[],
} as const;

/** Which table's kinds: symbols, refs, edges, imports or chunks. */
export type KindTable = keyof typeof KINDS;
export type KindName<T extends KindTable> = (typeof KINDS)[T][number];

/** The stored code of a kind. */
export function toKindCode<T extends KindTable>(table: T, name: KindName<T>): number {
  const code = (KINDS[table] as readonly string[]).indexOf(name);
  if (code < 0) throw new Error(`no stored code for the ${table} kind ${name}`);
  return code;
}

/** The kind a stored code stands for. */
export function toKindName<T extends KindTable>(table: T, code: number): KindName<T> {
  const name = KINDS[table][code];
  if (name === undefined) throw new Error(`no ${table} kind has the stored code ${code}`);
  return name;
}

/** SQL for a list of kinds, for `kind IN …`: `(0, 3)`. */
export function kindCodesSql<T extends KindTable>(table: T, names: readonly KindName<T>[]): string {
  return `(${names.map((name) => toKindCode(table, name)).join(', ')})`;
}

/** SQL for the name of the kind stored in `column`: what a statement returns where its callers want names. */
export function kindNameSql(table: KindTable, column: string): string {
  return `(CASE ${column} ${KINDS[table].map((name, code) => `WHEN ${code} THEN '${name}'`).join(' ')} END)`;
}
