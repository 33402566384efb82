import { describeImports, describeSymbol } from './chunk-context.js';
import { toIdentifierTerms, toSearchTerms } from './identifier-terms.js';
import type { ChunkKind, ParsedChunk, ParsedImport, ParsedSymbol } from './types.js';

/**
 * Chunk sizes in lines. 80 lines is about 1K tokens of code: big enough to
 * hold a whole ordinary function, small enough that a dozen fit in the
 * 12K-18K token context the pipeline packs.
 */
export const MAX_CHUNK_LINES = 80;
/** Siblings shorter than this are coalesced with their neighbours. */
const SMALL_SYMBOL_LINES = 20;
const TEXT_WINDOW_LINES = 60;
const MAX_LEADING_LINES = 30;
const COMMENT_OR_DECORATOR = /^(\/\/|\/\*|\*|#|@|--|\/\/\/|\*\/)/;

interface Span {
  kind: ChunkKind;
  startLine: number;
  endLine: number;
  symbol: number | undefined;
  context: string;
}

/** AST-aware chunks: one per symbol, small siblings coalesced, big symbols split. */
export function buildCodeChunks(lines: string[], symbols: ParsedSymbol[], imports: ParsedImport[]): ParsedChunk[] {
  const children = new Map<number | undefined, number[]>();
  symbols.forEach((s, i) => {
    // Fields are found by name lookups; chunks and their search terms stay those of the code around them.
    if (s.kind === 'field') return;
    const list = children.get(s.parent) ?? [];
    list.push(i);
    children.set(s.parent, list);
  });
  const importContext = describeImports(imports);

  const spans: Span[] = [];
  const topLevel = children.get(undefined) ?? [];
  let cursor = 1;
  for (const index of topLevel) {
    const symbol = symbols[index]!;
    if (symbol.startLine < cursor) continue; // overlapping capture (a declaration list): already covered
    const lead = leadingCommentStart(lines, cursor, symbol.startLine);
    addWindows(spans, lines, cursor, lead - 1, cursor === 1 ? 'header' : 'window', importContext);
    const before = spans.length;
    spanSymbol(spans, symbols, children, index);
    // The doc comment above a symbol belongs to its first chunk.
    if (spans[before]) spans[before] = { ...spans[before], startLine: lead };
    cursor = symbol.endLine + 1;
  }
  addWindows(spans, lines, cursor, lines.length, cursor === 1 ? 'header' : 'window', importContext);
  return coalesce(spans).map((span) => toChunk(span, lines, symbols));
}

/** Line windows for files without a grammar. */
export function buildTextChunks(lines: string[]): ParsedChunk[] {
  const spans: Span[] = [];
  addWindows(spans, lines, 1, lines.length, 'window', '', TEXT_WINDOW_LINES);
  return spans.map((span) => toChunk(span, lines, []));
}

function spanSymbol(spans: Span[], symbols: ParsedSymbol[], children: Map<number | undefined, number[]>, index: number): void {
  const symbol = symbols[index]!;
  const context = describeSymbol(symbol);
  const length = symbol.endLine - symbol.startLine + 1;
  if (length <= MAX_CHUNK_LINES) {
    spans.push({ kind: 'symbol', startLine: symbol.startLine, endLine: symbol.endLine, symbol: index, context });
    return;
  }
  const kids = (children.get(index) ?? []).filter((k) => symbols[k]!.startLine > symbol.startLine);
  if (kids.length === 0) {
    for (let start = symbol.startLine; start <= symbol.endLine; start += MAX_CHUNK_LINES) {
      const end = Math.min(symbol.endLine, start + MAX_CHUNK_LINES - 1);
      spans.push({ kind: 'part', startLine: start, endLine: end, symbol: index, context });
    }
    return;
  }
  let cursor = symbol.startLine;
  for (const kid of kids) {
    const child = symbols[kid]!;
    if (child.startLine < cursor) continue;
    if (child.startLine > cursor) {
      pushParts(spans, cursor, child.startLine - 1, index, context);
    }
    spanSymbol(spans, symbols, children, kid);
    cursor = child.endLine + 1;
  }
  if (cursor <= symbol.endLine) pushParts(spans, cursor, symbol.endLine, index, context);
}

/** Lines directly above a symbol that look like its doc comment or decorators. */
function leadingCommentStart(lines: string[], floor: number, symbolStart: number): number {
  let start = symbolStart;
  while (start - 1 >= floor && start > symbolStart - MAX_LEADING_LINES) {
    const line = (lines[start - 2] ?? '').trim();
    if (!COMMENT_OR_DECORATOR.test(line)) break;
    start -= 1;
  }
  return start;
}

function pushParts(spans: Span[], start: number, end: number, symbol: number, context: string): void {
  for (let s = start; s <= end; s += MAX_CHUNK_LINES) {
    spans.push({ kind: 'part', startLine: s, endLine: Math.min(end, s + MAX_CHUNK_LINES - 1), symbol, context });
  }
}

function addWindows(
  spans: Span[],
  lines: string[],
  start: number,
  end: number,
  kind: ChunkKind,
  context: string,
  size = MAX_CHUNK_LINES,
): void {
  // Trim blank lines at both ends so empty gaps make no chunk.
  while (start <= end && (lines[start - 1] ?? '').trim() === '') start += 1;
  while (end >= start && (lines[end - 1] ?? '').trim() === '') end -= 1;
  for (let s = start; s <= end; s += size) {
    spans.push({ kind, startLine: s, endLine: Math.min(end, s + size - 1), symbol: undefined, context });
  }
}

/** Merges runs of small neighbouring symbol chunks with the same parent scope. */
function coalesce(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    const small = (s: Span) => s.endLine - s.startLine + 1 < SMALL_SYMBOL_LINES;
    if (
      last &&
      (last.kind === 'symbol' || last.kind === 'group') &&
      span.kind === 'symbol' &&
      small(span) &&
      (last.kind === 'group' || small(last)) &&
      span.endLine - last.startLine + 1 <= MAX_CHUNK_LINES &&
      span.startLine - last.endLine <= 3
    ) {
      out[out.length - 1] = {
        kind: 'group',
        startLine: last.startLine,
        endLine: span.endLine,
        symbol: undefined,
        context: `${last.context}; ${span.context}`,
      };
    } else {
      out.push(span);
    }
  }
  return out;
}

function toChunk(span: Span, lines: string[], symbols: ParsedSymbol[]): ParsedChunk {
  const body = lines.slice(span.startLine - 1, span.endLine).join('\n');
  const names: string[] = [];
  // Symbols are in source order: binary-search the first one that starts inside the span.
  let lo = 0;
  let hi = symbols.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (symbols[mid]!.startLine < span.startLine) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < symbols.length && symbols[i]!.startLine <= span.endLine; i += 1) {
    const s = symbols[i]!;
    if (s.kind === 'field') continue;
    names.push(toIdentifierTerms(s.name));
    if (s.scope) names.push(toSearchTerms(s.scope));
  }
  if (span.symbol !== undefined && names.length === 0) {
    const s = symbols[span.symbol]!;
    names.push(toIdentifierTerms(s.name));
  }
  return {
    kind: span.kind,
    startLine: span.startLine,
    endLine: span.endLine,
    symbol: span.symbol,
    context: span.context.length > 300 ? `${span.context.slice(0, 299)}…` : span.context,
    // One-character terms stay, though no question matches them (toFtsQuery drops them): leaving them out saved
    // 2.5 MB on the bench corpus but moved BM25's length normalisation, and held-out answers got worse (the
    // evaluation page's session-6 note: R@5 0.899 -> 0.882, hunk hit 0.800 -> 0.783, flask 0.750 -> 0.667).
    nameTerms: [...new Set(names.join(' ').split(' '))].join(' '),
    bodyTerms: toSearchTerms(body),
  };
}
