/**
 * The reasons joined in one evidence reason ("matches the question (…);
 * linked to a.py"), split at `; ` outside brackets: the quoted code inside a
 * reason's parentheses (`DEFAULT_POOLSIZE = 10; DEFAULT_RETRIES = 0`) stays whole.
 */
export function splitReasons(reason: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < reason.length; i++) {
    const c = reason[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ';' && depth === 0 && reason[i + 1] === ' ') {
      parts.push(reason.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(reason.slice(start));
  return parts.filter((p) => p !== '');
}
