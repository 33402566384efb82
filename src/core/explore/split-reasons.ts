/**
 * The reasons joined in one evidence reason ("matches the question (…);
 * linked to a.py"), split at `; ` outside brackets: the quoted code inside a
 * reason's parentheses (`DEFAULT_POOLSIZE = 10; DEFAULT_RETRIES = 0`) stays
 * whole. A bracket that never closes (a signature cut with `…`) does not hold
 * the rest together: a `; ` after which nothing closes it splits.
 */
export function splitReasons(reason: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < reason.length; i++) {
    const c = reason[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ';' && reason[i + 1] === ' ' && (depth === 0 || !closesOpenBracket(reason, i + 2))) {
      depth = 0;
      parts.push(reason.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(reason.slice(start));
  return parts.filter((p) => p !== '');
}

/** Whether the text from `start` closes a bracket opened before it (a closer its own openers do not account for). */
function closesOpenBracket(text: string, start: number): boolean {
  let own = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') own++;
    else if (c === ')' || c === ']' || c === '}') {
      if (own === 0) return true;
      own--;
    }
  }
  return false;
}
