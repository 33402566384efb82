import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { parseFile } from '../../code-index/parse-file.js';
import type { ParsedSymbol } from '../../code-index/types.js';
import type { DiffFile } from '../parse-diff.js';
import { reconstructBase } from '../reconstruct-base.js';
import { findVisibility } from '../symbol-visibility.js';

/** A function, method or class the diff adds that other code can use. */
export interface NewApi {
  symbol: ParsedSymbol;
  /** Names of its methods that tests may call instead of the class (classes only). */
  members: string[];
}

/** What counts as API here: code with behaviour. Types, interfaces, enums, constants and fields have none of their own to test. */
const API_KINDS = new Set(['function', 'method', 'class']);
/** A body of one statement (a getter, a delegation, an empty exception class) spans at most this many lines of code (docstrings, comments and blank lines left out). */
const TRIVIAL_LINES = 3;
/**
 * Methods the language or the standard library calls (Go's interfaces, JS's conversions, Python's dunders):
 * no code names them, so the index cannot tell whether a test reaches them.
 */
const IMPLICIT_METHODS = new Set([
  'String',
  'Error',
  'Unwrap',
  'Is',
  'As',
  'Format',
  'GoString',
  'ServeHTTP',
  'MarshalJSON',
  'UnmarshalJSON',
  'MarshalText',
  'UnmarshalText',
  'Len',
  'Less',
  'Swap',
  'Read',
  'Write',
  'Close',
  'constructor',
  'toJSON',
  'toString',
  'valueOf',
]);

/**
 * The API a changed file gains: top-level functions and classes, and methods
 * of existing visible classes, declared at the head and not at the base
 * (the base rebuilt from the head and the diff), visible outside the file
 * (`export`, `module.exports`, no leading underscore, a capital in Go) and
 * more than a line of code. A new class counts once, with its methods.
 */
export async function findNewApi(file: DiffFile, head: string): Promise<NewApi[]> {
  const language = findLanguage(file.path);
  if (!language) return [];
  const base = reconstructBase(file, head);
  if (base === undefined) return [];
  const encode = (text: string) => new TextEncoder().encode(text);
  const [before, after] = await Promise.all([
    base === '' ? Promise.resolve({ symbols: [] as ParsedSymbol[] }) : parseFile(file.oldPath ?? file.path, encode(base)),
    parseFile(file.path, encode(head)),
  ]);
  const existed = new Set(before.symbols.map(key));
  const lines = head.split('\n');
  const symbols = after.symbols;
  const found: NewApi[] = [];
  for (const symbol of symbols) {
    if (!API_KINDS.has(symbol.kind) || existed.has(key(symbol)) || IMPLICIT_METHODS.has(symbol.name)) continue;
    if (/^__\w+__$/.test(symbol.name) || countCodeLines(lines, symbol) <= TRIVIAL_LINES || isAccessor(lines, symbol)) continue;
    const parent = symbol.parent === undefined ? undefined : symbols[symbol.parent];
    if (parent && parent.kind !== 'class' && parent.kind !== 'struct') continue;
    // A method of a class the diff adds is part of that class's finding.
    if (parent && !existed.has(key(parent))) continue;
    if (!isVisible(symbol, language, head) || (parent && !isVisible(parent, language, head))) continue;
    if (symbol.kind === 'method' && language === 'go' && !/^\p{Lu}/u.test(receiverType(symbol.signature))) continue;
    const members = symbol.kind === 'class' ? symbols.filter((s) => s.parent === symbols.indexOf(symbol)).map((s) => s.name) : [];
    found.push({ symbol, members });
  }
  return found;
}

function isVisible(symbol: ParsedSymbol, language: LanguageId, text: string): boolean {
  const visibility = findVisibility(symbol, language, symbol.parent === undefined);
  if (visibility === 'exported' || visibility === 'public') return true;
  // CommonJS: `module.exports = { name }`, `module.exports = name`, `module.exports = class Name`, `exports.name = name`.
  if (visibility === 'not exported' && (language === 'javascript' || language === 'typescript')) {
    const name = symbol.name.replace(/[$]/g, '\\$');
    return new RegExp(`\\b(?:module\\.)?exports(?:\\.${name}\\b|\\s*=\\s*(?:\\{[^}]*\\b${name}\\b|(?:class\\s+)?${name}\\b))`).test(text);
  }
  return false;
}

/** Lines of the definition that are code: not blank, not a comment, not in a docstring. */
function countCodeLines(lines: string[], symbol: ParsedSymbol): number {
  let count = 0;
  let inDocstring = false;
  for (const line of lines.slice(symbol.startLine - 1, symbol.endLine)) {
    const text = line.trim();
    const quotes = (text.match(/"""|'''/g) ?? []).length;
    if (inDocstring || quotes > 0) {
      if (quotes % 2 === 1) inDocstring = !inDocstring;
      continue;
    }
    if (text !== '' && !/^(?:#|\/\/|\/\*|\*)/.test(text)) count += 1;
  }
  return count;
}

/**
 * A property or accessor (`@property`, `get name()`): read as an attribute, which the index does not keep
 * (it keeps calls), so whether a test reads it cannot be told.
 */
function isAccessor(lines: string[], symbol: ParsedSymbol): boolean {
  if (/^(?:static\s+)?(?:get|set)\s/.test(symbol.signature)) return true;
  for (let i = symbol.startLine - 2; i >= 0 && /^\s*@/.test(lines[i] ?? ''); i -= 1) {
    if (/^\s*@(?:\w+\.)*(?:property|cached_property|setter|getter|deleter)\b/.test(lines[i]!)) return true;
  }
  return false;
}

/** Go's `func (c *Context) Name(…)`: the receiver's type name. */
function receiverType(signature: string): string {
  return /^func\s*\(\s*\w*\s*\*?\s*(\w+)/.exec(signature)?.[1] ?? 'X';
}

function key(symbol: ParsedSymbol): string {
  return `${symbol.kind} ${symbol.scope}.${symbol.name}`;
}
