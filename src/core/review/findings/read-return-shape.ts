import type { LanguageId } from '../../code-index/languages.js';

/** What a callable's declaration head says it returns: only what the signature spells, nothing inferred. */
export interface ReturnShape {
  /** `async` (JS/TS, Python) or a `Promise<…>` return type: the caller gets a promise or a coroutine. */
  async: boolean;
  /** The return type as written, without the `Promise<…>` around it; undefined when not annotated. */
  type: string | undefined;
  /** The annotated type is an array, list or tuple (`T[]`, `Array<T>`, `tuple[…]`, `list[…]`). */
  collection: boolean;
  /** The annotated type admits no value (`| null`, `| undefined`, `Optional[…]`, `X | None`). */
  nullable: boolean;
  /** Go: how many values a call yields (`func F() (T, error)` is 2). */
  results: number | undefined;
  /** A generator (`function*`, `async *m()`): a call returns an iterator either way, so its shape is left alone. */
  generator: boolean;
}

/** The shape of what a function or method returns, from its signature as the index stores it (extract-tags.ts). */
export function readReturnShape(signature: string, language: LanguageId): ReturnShape | undefined {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return readScriptShape(signature);
    case 'python':
      return readPythonShape(signature);
    case 'go':
      return readGoShape(signature);
    default:
      return undefined;
  }
}

function readScriptShape(signature: string): ReturnShape {
  const open = signature.indexOf('(');
  const close = open >= 0 ? findClosing(signature, open) : -1;
  const head = open >= 0 ? signature.slice(0, open) : signature.split('=>')[0]!;
  const generator = /\bfunction\s*\*|(?:^|\s)\*\s*[\w$#[]/.test(head);
  let type: string | undefined;
  if (close > 0) {
    const rest = signature.slice(close + 1).trim();
    if (rest.startsWith(':'))
      type =
        rest
          .slice(1)
          .replace(/=>\s*$/, '')
          .replace(/[{;]\s*$/, '')
          .trim() || undefined;
  }
  const promise = type ? /^Promise\s*<([\s\S]*)>$/.exec(type) : null;
  const inner = promise ? promise[1]!.trim() : type;
  return {
    async: /\basync\b/.test(head) || promise !== null,
    type: inner,
    collection: inner !== undefined && isScriptCollection(inner),
    nullable: inner !== undefined && splitTopLevel(inner, '|').some((t) => t === 'null' || t === 'undefined'),
    results: undefined,
    generator,
  };
}

function isScriptCollection(type: string): boolean {
  if (splitTopLevel(type, '|').length > 1) return false;
  return /\[\]$/.test(type) || /^(?:Readonly)?Array\s*</.test(type) || /^readonly\s/.test(type) || /^\[[\s\S]*\]$/.test(type);
}

function readPythonShape(signature: string): ReturnShape {
  const open = signature.indexOf('(');
  const close = open >= 0 ? findClosing(signature, open) : -1;
  const rest = close > 0 ? signature.slice(close + 1).trim() : '';
  const type = rest.startsWith('->') ? rest.slice(2).replace(/:\s*$/, '').trim() || undefined : undefined;
  const union = type ? splitTopLevel(type, '|') : [];
  return {
    async: /^async\s+def\b/.test(signature),
    type,
    collection: type !== undefined && union.length === 1 && /^(?:typing\.)?(?:tuple|list|Tuple|List|Sequence)\s*\[/.test(type),
    nullable:
      type !== undefined &&
      (/^(?:typing\.)?Optional\s*\[/.test(type) || union.includes('None') || /^(?:typing\.)?Union\s*\[[\s\S]*\bNone\b/.test(type)),
    results: undefined,
    generator: type !== undefined && /^(?:typing\.)?(?:Async)?(?:Generator|Iterator|Iterable)\b/.test(type),
  };
}

function readGoShape(signature: string): ReturnShape | undefined {
  let at = signature.indexOf('func');
  if (at < 0) return undefined;
  at += 4;
  // Skip the receiver `(c *Context)`, then the name and type parameters, to the parameter list.
  const afterFunc = signature.slice(at).trimStart();
  let cursor = signature.length - afterFunc.length;
  if (afterFunc.startsWith('(')) cursor = findClosing(signature, cursor) + 1;
  const open = signature.indexOf('(', cursor);
  const bracket = signature.indexOf('[', cursor);
  let paramsOpen = open;
  if (bracket >= 0 && bracket < open) paramsOpen = signature.indexOf('(', findClosing(signature, bracket) + 1);
  if (paramsOpen < 0) return undefined;
  const close = findClosing(signature, paramsOpen);
  if (close < 0) return undefined;
  const rest = signature
    .slice(close + 1)
    .replace(/\{\s*$/, '')
    .trim();
  let results = 0;
  if (rest.startsWith('(')) {
    const end = findClosing(rest, 0);
    results = splitTopLevel(rest.slice(1, end), ',').filter((p) => p !== '').length;
  } else if (rest !== '') results = 1;
  return { async: false, type: rest || undefined, collection: false, nullable: false, results, generator: false };
}

/** The index of the bracket closing the one at `open` (any of `()[]{}<>` nest), or -1. */
export function findClosing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** `text` split at `separator` outside brackets and generics, each part trimmed. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if ('([{<'.includes(c)) depth += 1;
    else if (')]}>'.includes(c) && text[i - 1] !== '=') depth -= 1;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}
