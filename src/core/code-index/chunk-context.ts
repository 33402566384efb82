import type { ParsedImport, ParsedSymbol } from './types.js';

/**
 * A chunk's context line (what search results show next to a hit) is most
 * often rebuilt from rows the index keeps anyway, so it is stored only when
 * it is not: a symbol's chunk shows `scope > signature` from its symbol row,
 * a header or window chunk `imports a, b, …` from the file's first imports.
 * The writer stores NULL exactly when `derivedContext` gives the same text,
 * and `chunkContextSql` rebuilds that text in SQL (a test holds the two
 * together). On the 53K-file bench corpus this was 6 of the chunks table's
 * 10.4 MB.
 */
export const MAX_IMPORTS_IN_CONTEXT = 8;

export function describeSymbol(symbol: Pick<ParsedSymbol, 'scope' | 'signature'>): string {
  return symbol.scope ? `${symbol.scope} > ${symbol.signature}` : symbol.signature;
}

export function describeImports(imports: Pick<ParsedImport, 'source'>[]): string {
  if (imports.length === 0) return '';
  return `imports ${imports
    .slice(0, MAX_IMPORTS_IN_CONTEXT)
    .map((i) => i.source)
    .join(', ')}`;
}

/** The context a chunk gets when its row stores none: its symbol's description, else the file's imports. */
export function derivedContext(
  symbol: Pick<ParsedSymbol, 'scope' | 'signature'> | undefined,
  imports: Pick<ParsedImport, 'source'>[],
): string {
  return symbol ? describeSymbol(symbol) : describeImports(imports);
}

/** SQL for the context of the chunk row aliased `c`, stored or rebuilt as derivedContext does. */
export function chunkContextSql(c: string): string {
  return `coalesce(${c}.context, CASE WHEN ${c}.symbol_id IS NOT NULL
    THEN (SELECT CASE WHEN cs.scope = '' THEN cs.signature ELSE cs.scope || ' > ' || cs.signature END FROM symbols cs WHERE cs.id = ${c}.symbol_id)
    ELSE coalesce((SELECT 'imports ' || group_concat(ci.source, ', ' ORDER BY ci.ord)
      FROM (SELECT ord, source FROM imports WHERE file_id = ${c}.file_id ORDER BY ord LIMIT ${MAX_IMPORTS_IN_CONTEXT}) ci), '') END)`;
}
