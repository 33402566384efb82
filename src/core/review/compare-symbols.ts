import { findLanguage } from '../code-index/languages.js';
import type { ParsedSymbol } from '../code-index/types.js';
import { readFullHeader } from '../code-index/read-full-header.js';
import { findVisibility, normalizeSignature, type Visibility } from './symbol-visibility.js';

export type SymbolChange =
  | { kind: 'signature'; name: string; symbolKind: string; line: number; before: string; after: string }
  | { kind: 'visibility'; name: string; symbolKind: string; line: number; before: Visibility; after: Visibility; renamedFrom?: string }
  | { kind: 'removed'; name: string; symbolKind: string; line: number; visibility: Visibility | undefined }
  | { kind: 'renamed'; name: string; symbolKind: string; line: number; renamedFrom: string };

/** Kinds whose parameters callers depend on. */
const CALLABLE = new Set(['function', 'method']);
/** Kinds whose visibility or removal matters to other files. */
const DECLARED = new Set(['function', 'method', 'class', 'interface', 'type', 'enum', 'struct', 'trait', 'macro']);

interface Entry {
  symbol: ParsedSymbol;
  key: string;
  visibility: Visibility | undefined;
}

/**
 * What a change did to a file's declarations, from the tree-sitter parse of
 * its content before and after: callables whose parameters or return type
 * changed, symbols whose visibility changed (including a rename that only
 * adds or drops Python's leading underscore or Go's capital), and symbols
 * removed that were visible outside their file. Names declared twice in one
 * scope (overloads, conditional definitions) are left out: they cannot be
 * paired. Symbols inside functions are local and left out.
 */
export function compareSymbols(
  path: string,
  before: ParsedSymbol[],
  after: ParsedSymbol[],
  texts?: { before: string; after: string },
): SymbolChange[] {
  const language = findLanguage(path);
  if (!language) return [];
  const { found: old, twice: twiceBefore } = entries(before, language);
  const { found: now, twice: twiceAfter } = entries(after, language);
  // A name declared twice on either side cannot be paired on the other (`this.flush = …` beside `flush()`).
  for (const key of [...twiceBefore, ...twiceAfter]) {
    old.delete(key);
    now.delete(key);
  }
  const changes: SymbolChange[] = [];
  const linesOf = texts && { before: texts.before.split('\n'), after: texts.after.split('\n') };
  const unpairedOld: Entry[] = [];
  for (const [key, b] of old) {
    const a = now.get(key);
    if (!a) {
      unpairedOld.push(b);
      continue;
    }
    now.delete(key);
    const name = qualified(a.symbol);
    const base = { name, symbolKind: a.symbol.kind, line: a.symbol.startLine };
    // A type alias written on one line is its definition (`type StreamOptions = Except<…>;`, Go's `type CompletionFunc
    // func(…)`); one over several lines has only its first lines in the signature, and a reformatting would look like a change.
    const whole = (s: ParsedSymbol) => language === 'go' || /;\s*$/.test(s.signature);
    const compared = CALLABLE.has(a.symbol.kind) || (a.symbol.kind === 'type' && whole(a.symbol) && whole(b.symbol));
    // The stored signature holds a header's first three lines: a callable's whole header is read from the text,
    // so that a parameter further down counts and a header only laid out anew does not.
    const [headerBefore, headerAfter] =
      CALLABLE.has(a.symbol.kind) && linesOf ? [readFullHeader(linesOf.before, b.symbol), readFullHeader(linesOf.after, a.symbol)] : [];
    const readable = headerBefore !== undefined && headerAfter !== undefined;
    if (compared && normalizeSignature(b.symbol.signature) !== normalizeSignature(a.symbol.signature)) {
      if (!readable || sameLayout(headerBefore) !== sameLayout(headerAfter))
        changes.push({ kind: 'signature', ...base, before: b.symbol.signature, after: a.symbol.signature });
    } else if (compared && readable && sameLayout(headerBefore) !== sameLayout(headerAfter)) {
      changes.push({ kind: 'signature', ...base, before: headerBefore, after: headerAfter });
    }
    if (b.visibility && a.visibility && b.visibility !== a.visibility) {
      changes.push({ kind: 'visibility', ...base, before: b.visibility, after: a.visibility });
    }
  }
  // A rename that only changes the leading underscore or the first letter's case is a visibility change.
  const byCanonical = new Map<string, Entry[]>();
  for (const a of now.values()) {
    const key = canonicalKey(a.symbol);
    byCanonical.set(key, [...(byCanonical.get(key) ?? []), a]);
  }
  for (const b of unpairedOld) {
    const partners = byCanonical.get(canonicalKey(b.symbol)) ?? [];
    const a = partners.length === 1 ? partners[0] : undefined;
    if (a && b.visibility && a.visibility && a.visibility !== b.visibility) {
      byCanonical.delete(canonicalKey(b.symbol));
      changes.push({
        kind: 'visibility',
        name: qualified(a.symbol),
        symbolKind: a.symbol.kind,
        line: a.symbol.startLine,
        before: b.visibility,
        after: a.visibility,
        renamedFrom: b.symbol.name,
      });
    } else if (b.visibility !== 'private' && b.visibility !== 'not exported') {
      // Same kind, scope and signature but for the name: a rename (`isUnixSocketURL` → `isUnixSocketUrl`).
      const renamed = [...now.values()].filter(
        (n) =>
          n.symbol.kind === b.symbol.kind &&
          n.symbol.scope === b.symbol.scope &&
          !old.has(n.key) &&
          withoutName(n.symbol) === withoutName(b.symbol),
      );
      if (renamed.length === 1) {
        const a = renamed[0]!;
        now.delete(a.key);
        changes.push({
          kind: 'renamed',
          name: qualified(a.symbol),
          symbolKind: a.symbol.kind,
          line: a.symbol.startLine,
          renamedFrom: b.symbol.name,
        });
        continue;
      }
      changes.push({
        kind: 'removed',
        name: qualified(b.symbol),
        symbolKind: b.symbol.kind,
        line: b.symbol.startLine,
        visibility: b.visibility,
      });
    }
  }
  return changes.sort((x, y) => x.line - y.line);
}

function entries(
  symbols: ParsedSymbol[],
  language: NonNullable<ReturnType<typeof findLanguage>>,
): { found: Map<string, Entry>; twice: Set<string> } {
  const out = new Map<string, Entry>();
  const twice = new Set<string>();
  for (const symbol of symbols) {
    if (!DECLARED.has(symbol.kind) || isLocal(symbol, symbols)) continue;
    const key = `${symbol.kind} ${symbol.scope}.${symbol.name}`;
    if (out.has(key)) twice.add(key);
    out.set(key, { symbol, key, visibility: findVisibility(symbol, language, symbol.parent === undefined) });
  }
  return { found: out, twice };
}

/** Inside a function or method: not reachable from other files. */
function isLocal(symbol: ParsedSymbol, all: ParsedSymbol[]): boolean {
  for (let p = symbol.parent; p !== undefined; p = all[p]?.parent) {
    const kind = all[p]?.kind;
    if (kind === 'function' || kind === 'method') return true;
  }
  return false;
}

function withoutName(symbol: ParsedSymbol): string {
  return normalizeSignature(symbol.signature.split(symbol.name).join('\u0000'));
}

function canonicalKey(symbol: ParsedSymbol): string {
  const bare = symbol.name.replace(/^(?:_+|#)/, '');
  return `${symbol.kind} ${symbol.scope}.${bare.charAt(0).toLowerCase()}${bare.slice(1)}`;
}

function qualified(symbol: ParsedSymbol): string {
  return symbol.scope ? `${symbol.scope}.${symbol.name}` : symbol.name;
}

/** A header as compared: layout, and a trailing comma before the closing bracket, are not changes. */
function sameLayout(header: string): string {
  return normalizeSignature(header).replace(/,([)\]])/g, '$1');
}
