import { lineOf, lineText, type SourceFile } from './source-file.js';

/** A top-level function of a file: where its name, parameters, result and whole statement are. */
export interface FunctionDefinition {
  path: string;
  name: string;
  /** 1-based line of the name. */
  line: number;
  /** The statement's first and last lines (decorators and doc comments not included). */
  startLine: number;
  endLine: number;
  /** Offsets of the parameter list's `(` and `)` in the file text. */
  open: number;
  close: number;
  /** Where `async ` goes (before `function`, before an arrow's parameters, before `def`); undefined for Go. */
  asyncAt?: number;
  isAsync: boolean;
  /** A generator (`function*`, a `def` that yields): made async it changes more than its result. */
  generator: boolean;
  decorated: boolean;
  /** The text between `)` and the body (`: Promise<T>`, Go's result type), with its offset. */
  result?: { start: number; text: string };
  /** `default` for `export default function x`: what importers name. */
  exportedAs?: string[];
}

const TS_FUNCTION = /^(export[ \t]+)?(default[ \t]+)?(async[ \t]+)?function([ \t]*\*)?[ \t]*([\w$]+)[ \t]*(<[^(\n]*>)?[ \t]*\(/gm;
const TS_ARROW = /^(export[ \t]+)?(?:const|let)[ \t]+([\w$]+)[ \t]*(?::[^=\n]+)?=[ \t]*(async[ \t]+)?(<[^(\n]*>)?[ \t]*\(/gm;
const PY_DEF = /^(async[ \t]+)?def[ \t]+(\w+)[ \t]*(\[[^\]\n]*\])?[ \t]*\(/gm;
const GO_FUNC = /^func[ \t]+([A-Za-z_]\w*)[ \t]*(\[[^\]\n]*\])?[ \t]*\(/gm;

/** The file's top-level functions, found on its masked text (a name in a comment or string is never one). */
export function findDefinitions(file: SourceFile): FunctionDefinition[] {
  const found: FunctionDefinition[] = [];
  const m = file.masked;
  if (file.language === 'typescript') {
    for (const x of m.matchAll(TS_FUNCTION)) {
      const open = x.index + x[0].length - 1;
      const close = matchClose(m, open);
      if (close === undefined) continue;
      const body = findBodyOpen(file, close);
      if (body === undefined) continue; // an overload or declaration: no body
      const keyword = x.index + x[0].indexOf('function');
      found.push({
        ...base(file, x[5]!, x.index + x[0].lastIndexOf(x[5]!, x[0].length - 1), x.index, open, close),
        asyncAt: keyword,
        isAsync: x[3] !== undefined,
        generator: x[4] !== undefined,
        result: toResult(m, close, body),
        exportedAs: x[1] === undefined ? [] : x[2] !== undefined ? ['default'] : [x[5]!],
      });
    }
    for (const x of m.matchAll(TS_ARROW)) {
      const open = x.index + x[0].length - 1;
      const close = matchClose(m, open);
      const arrow = close === undefined ? undefined : findArrow(m, close);
      if (close === undefined || arrow === undefined) continue;
      const eq = x[0].indexOf('=', x[0].indexOf(x[2]!) + x[2]!.length);
      const asyncAt = x.index + eq + 1 + (/^[ \t]*/.exec(x[0].slice(eq + 1))?.[0].length ?? 0);
      found.push({
        ...base(file, x[2]!, x.index + x[0].indexOf(x[2]!), x.index, open, close),
        asyncAt,
        isAsync: x[3] !== undefined,
        generator: false,
        result: toResult(m, close, arrow),
        exportedAs: x[1] === undefined ? [] : [x[2]!],
      });
    }
  } else if (file.language === 'python') {
    for (const x of m.matchAll(PY_DEF)) {
      const open = x.index + x[0].length - 1;
      const close = matchClose(m, open);
      if (close === undefined) continue;
      const def = base(file, x[2]!, x.index + x[0].indexOf(x[2]!), x.index, open, close);
      const body = m.slice(file.lineStarts[def.startLine - 1], file.lineStarts[def.endLine] ?? m.length);
      found.push({
        ...def,
        asyncAt: x.index,
        isAsync: x[1] !== undefined,
        generator: /\byield\b/.test(body),
        decorated: def.startLine > 1 && lineText(file, previousCodeLine(file, def.startLine), true).startsWith('@'),
      });
    }
  } else {
    for (const x of m.matchAll(GO_FUNC)) {
      const open = x.index + x[0].length - 1;
      const close = matchClose(m, open);
      const body = close === undefined ? undefined : findBodyOpen(file, close);
      if (close === undefined || body === undefined) continue;
      found.push({
        ...base(file, x[1]!, x.index + 5 + x[0].slice(5).indexOf(x[1]!), x.index, open, close),
        isAsync: false,
        generator: false,
        result: toResult(m, close, body),
      });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function base(file: SourceFile, name: string, nameAt: number, start: number, open: number, close: number) {
  const startLine = lineOf(file, start);
  return { path: file.path, name, line: lineOf(file, nameAt), startLine, endLine: findEnd(file, startLine), open, close, decorated: false };
}

/** The offset of the `)` closing the `(` at `open`, on masked text. */
export function matchClose(masked: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < masked.length; i += 1) {
    if (masked[i] === '(') depth += 1;
    else if (masked[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return undefined;
}

/** The body's `{`: the last `{` of the first line (within 3 of the `)`) that ends with one, as prettier and gofmt write it. */
function findBodyOpen(file: SourceFile, close: number): number | undefined {
  const first = lineOf(file, close);
  for (let line = first; line <= first + 3 && line <= file.lineStarts.length; line += 1) {
    const text = lineText(file, line, true).trimEnd();
    if (text.endsWith(';')) return undefined;
    if (text.endsWith('{')) return file.lineStarts[line - 1]! + text.length - 1;
  }
  return undefined;
}

/** The offset of an arrow function's `=>` after its parameters (a return type may hold arrows of its own). */
function findArrow(masked: string, close: number): number | undefined {
  let depth = 0;
  for (let i = close + 1; i < masked.length; i += 1) {
    const c = masked[i]!;
    if (depth === 0 && c === '=' && masked[i + 1] === '>') return i;
    if (c === '=' && masked[i + 1] === '>') i += 1;
    else if ('([{<'.includes(c)) depth += 1;
    else if (')]}>'.includes(c)) depth -= 1;
    if (depth < 0 || c === ';' || (depth === 0 && c === '=')) return undefined;
  }
  return undefined;
}

function toResult(masked: string, close: number, end: number): { start: number; text: string } | undefined {
  const raw = masked.slice(close + 1, end);
  const text = raw.trim();
  return text === '' ? undefined : { start: close + 1 + raw.indexOf(text), text };
}

/** The statement's last line: the line before the next one that starts a statement at column 0. */
function findEnd(file: SourceFile, startLine: number): number {
  let last = startLine;
  for (let line = startLine + 1; line <= file.lineStarts.length; line += 1) {
    const text = lineText(file, line, true);
    if (text.trim() === '') continue;
    if (!/^[\s})\];]/.test(text)) break;
    last = line;
  }
  return last;
}

function previousCodeLine(file: SourceFile, line: number): number {
  let l = line - 1;
  while (l > 1 && lineText(file, l, true).trim() === '') l -= 1;
  return l;
}
