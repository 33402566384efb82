import type { FunctionDefinition } from './find-definitions.js';
import { lineOf, type SourceFile } from './source-file.js';

/** The text of a file after one edit, and the lines it took out (a removal shifts what follows). */
export interface EditedFile {
  text: string;
  /** 1-based line of the new text that carries the break (the parameter added, `async`, the result); none for a removal. */
  line?: number;
  removed?: { from: number; count: number };
}

interface Piece {
  start: number;
  end: number;
  text: string;
}

/** The parameters between `(` and `)`, split on commas outside brackets, each trimmed (a trailing comma leaves none). */
export function splitParameters(file: SourceFile, def: FunctionDefinition): Piece[] {
  const m = file.masked;
  const pieces: Piece[] = [];
  let depth = 0;
  let from = def.open + 1;
  const push = (to: number) => {
    const raw = m.slice(from, to);
    const text = raw.trim();
    if (text !== '') pieces.push({ start: from + raw.indexOf(text), end: from + raw.indexOf(text) + text.length, text });
  };
  for (let i = def.open + 1; i < def.close; i += 1) {
    const c = m[i]!;
    if (c === '=' && m[i + 1] === '>') i += 1;
    else if ('([{<'.includes(c)) depth += 1;
    else if (')]}>'.includes(c)) depth -= 1;
    else if (c === ',' && depth === 0) {
      push(i);
      from = i + 1;
    }
  }
  push(def.close);
  return pieces;
}

/** A parameter a caller may leave out: defaulted, optional (`x?`), rest (`...`, `*args`), or Python's `*`, `/` markers. */
function isOptional(piece: string, language: SourceFile['language']): boolean {
  if (language === 'python') return piece.startsWith('*') || piece === '/' || /^[^=]*[^=!<>]=(?!=)/.test(piece);
  if (language === 'go') return piece.includes('...');
  return piece.startsWith('...') || /^[\w$]+\s*\?/.test(piece) || hasTopLevelDefault(piece);
}

function hasTopLevelDefault(piece: string): boolean {
  let depth = 0;
  for (let i = 0; i < piece.length; i += 1) {
    const c = piece[i]!;
    if (c === '=' && piece[i + 1] === '>') i += 1;
    else if ('([{<'.includes(c)) depth += 1;
    else if (')]}>'.includes(c)) depth -= 1;
    else if (c === '=' && depth === 0 && piece[i + 1] !== '=') return true;
  }
  return false;
}

/** The new required parameter, as each language writes it. */
function newParameter(file: SourceFile): string {
  if (file.language === 'python') return 'nanodex_added';
  if (file.language === 'go') return 'nanodexAdded string';
  return /\.(ts|tsx|mts)$/.test(file.path) ? 'nanodexAdded: string' : 'nanodexAdded';
}

/**
 * A required parameter added: before the first one a caller may leave out
 * (a required one after a default is a syntax error), else last. Undefined
 * for Go's unnamed parameter lists, where a named one cannot be mixed in.
 */
export function addParameter(file: SourceFile, def: FunctionDefinition): EditedFile | undefined {
  const pieces = splitParameters(file, def);
  const added = newParameter(file);
  const last = pieces.at(-1);
  if (file.language === 'go' && last !== undefined && !/^\w+\s+\S/.test(last.text)) return undefined;
  const optional = pieces.find((p) => isOptional(p.text, file.language));
  const at = optional?.start ?? last?.end ?? def.open + 1;
  const insert = optional ? `${added}, ` : last ? `, ${added}` : added;
  return { text: splice(file.text, at, 0, insert), line: lineOf(file, at) };
}

/**
 * Its result changed: TypeScript and Python functions made `async` (a typed
 * TypeScript result becomes `Promise<T>`); a Go function with one result
 * gets a second, `(T, error)`. Undefined where that is no change of shape
 * (already async, a generator, a type guard, no Go result or only `error`).
 */
export function changeResult(file: SourceFile, def: FunctionDefinition): EditedFile | undefined {
  if (file.language === 'go') {
    const result = original(file, def);
    if (result === undefined || result.startsWith('(') || result === 'error') return undefined;
    return { text: splice(file.text, def.result!.start, result.length, `(${result}, error)`), line: lineOf(file, def.result!.start) };
  }
  if (def.isAsync || def.generator || def.asyncAt === undefined) return undefined;
  const result = original(file, def);
  let text = file.text;
  if (file.language === 'typescript' && result !== undefined) {
    const type = result.replace(/^:\s*/, '');
    if (!result.startsWith(':') || /\b(is|asserts)\b|^Promise</.test(type)) return undefined;
    text = splice(text, def.result!.start, result.length, `: Promise<${type}>`);
  }
  return { text: splice(text, def.asyncAt, 0, 'async '), line: lineOf(file, def.asyncAt) };
}

/** The definition's statement taken out (with one blank line around it, so no double blank is left). */
export function removeDefinition(file: SourceFile, def: FunctionDefinition): EditedFile | undefined {
  if (def.decorated) return undefined;
  const lines = file.text.split('\n');
  let from = def.startLine - 1;
  let count = def.endLine - def.startLine + 1;
  if (from > 0 && lines[from - 1]!.trim() === '' && (lines[from + count] ?? '').trim() === '') count += 1;
  lines.splice(from, count);
  from += 1;
  return { text: lines.join('\n'), removed: { from, count } };
}

/** The result as written (the masked text blanks string literal types). */
function original(file: SourceFile, def: FunctionDefinition): string | undefined {
  return def.result === undefined ? undefined : file.text.slice(def.result.start, def.result.start + def.result.text.length);
}

function splice(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}
