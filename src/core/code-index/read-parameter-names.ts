import type { LanguageId } from './languages.js';

/** Languages that write a parameter's type before its name (`int count`, `String... names`). */
const TYPE_FIRST: ReadonlySet<LanguageId> = new Set(['java', 'c', 'cpp', 'csharp']);

/**
 * The parameter names a callable's whole header declares (readFullHeader's text): the first parenthesised
 * list after the callable's name, split at top-level commas; per part, the name as each language writes it
 * (`max_age: int | None = None`, `*args`, `options?: Partial<T>`, `x, y int`, `int count`, `$value`).
 * Destructured parameters (`{ a, b }`) and receivers (`self`, `this`, Go's `(c *Command)`) are left out.
 */
export function readParameterNames(header: string, name: string, language: LanguageId): string[] {
  const at = header.search(new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}\\s*(<[^()]*>)?\\s*\\(`));
  const open = at < 0 ? header.indexOf('(') : header.indexOf('(', at);
  if (open < 0) return [];
  const parts = splitTopLevel(header.slice(open + 1));
  return parts
    .map((part) => nameOf(part.replace(/=.*$/s, '').trim(), language))
    .filter((n): n is string => n !== undefined && !['self', 'cls', 'this'].includes(n));
}

/** The comma-separated parts of a parameter list up to its closing parenthesis (brackets inside kept whole). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([{<'.includes(ch)) depth += 1;
    else if (')]}>'.includes(ch)) {
      if (depth === 0 && ch === ')') break;
      depth = Math.max(0, depth - 1);
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function nameOf(part: string, language: LanguageId): string | undefined {
  if (part === '' || /^[{[]/.test(part)) return undefined;
  const cleaned = part
    .replace(/^[*&.$\s]+/, '')
    .replace(/^(?:(?:public|private|protected|readonly|override|final|mut|ref|out|in|params)\s+)+/, '')
    .replace(/^[*&$]+/, '');
  const words = cleaned.match(/[A-Za-z_$][\w$]*/g);
  if (!words) return undefined;
  // `name: type` (Python, TypeScript, Rust, Kotlin, Ruby's `key:`), but C++'s `std::string name` is type first.
  if (/(?<!:):(?!:)/.test(cleaned) && language !== 'cpp') return words[0];
  return TYPE_FIRST.has(language) ? words.at(-1) : words[0];
}
