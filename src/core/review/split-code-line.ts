import { findLanguage } from '../code-index/languages.js';

export interface CodeLine {
  /** The line with string contents emptied (quotes kept) and comments removed. */
  code: string;
  /** The comment text on the line, if any. */
  comment: string;
}

interface Syntax {
  lineComments: string[];
  quotes: string;
}

const C_LIKE: Syntax = { lineComments: ['//'], quotes: `'"\`` };
const HASH: Syntax = { lineComments: ['#'], quotes: `'"` };

/** Comment and string syntax by file extension; unknown files get both comment styles, so rules stay quiet. */
function findSyntax(path: string): Syntax {
  const language = findLanguage(path);
  if (language === 'python' || language === 'ruby') return HASH;
  if (language === 'php') return { lineComments: ['//', '#'], quotes: `'"` };
  // A Rust `'a` is a lifetime, not a string.
  if (language === 'rust') return { lineComments: ['//'], quotes: '"' };
  if (language !== undefined) return C_LIKE;
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (['sh', 'bash', 'zsh', 'yaml', 'yml', 'toml', 'cfg', 'ini', 'conf', 'tf', 'hcl', 'r', 'pl'].includes(ext)) return HASH;
  return { lineComments: ['//', '#'], quotes: `'"\`` };
}

/**
 * Splits one line into code and comment, with string contents emptied, so a
 * rule about code does not fire on a comment or a message that mentions the
 * pattern. One line at a time: a string or block comment that spans lines is
 * not followed, except that a line starting with `*` or `/*` reads as a
 * comment in C-like files (the middle of a doc block).
 */
export function splitCodeLine(line: string, path: string): CodeLine {
  const syntax = findSyntax(path);
  const trimmed = line.trimStart();
  if (syntax.lineComments.includes('//') && /^(\/\*|\*)/.test(trimmed)) return { code: '', comment: trimmed };
  let code = '';
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === '\\') i += 1;
      else if (c === quote) {
        code += c;
        quote = undefined;
      }
      continue;
    }
    if (syntax.quotes.includes(c)) {
      quote = c;
      code += c;
      continue;
    }
    const rest = line.slice(i);
    const marker = syntax.lineComments.find((m) => rest.startsWith(m));
    if (marker !== undefined) return { code, comment: rest.slice(marker.length) };
    if (syntax.lineComments.includes('//') && rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2);
      if (end < 0) return { code, comment: rest.slice(2) };
      i += end + 1;
      code += ' ';
      continue;
    }
    code += c;
  }
  return { code, comment: '' };
}
