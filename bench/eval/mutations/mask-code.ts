import type { Language } from './source-file.js';

/**
 * The text with comments and string contents blanked to spaces (newlines and
 * quotes kept), so a search for `name(` finds code only and every offset and
 * line stays where it was. A small lexer, not a parser: a JavaScript regex
 * literal holding a quote may blank the rest of its line, no further (a
 * one-line string ends at the line's end), and a template literal's `${}` is
 * blanked with the rest of the template.
 */
export function maskCode(text: string, language: Language): string {
  const out = text.split('');
  const hash = language === 'python';
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if ((hash && c === '#') || (!hash && c === '/' && next === '/')) {
      const end = lineEnd(text, i);
      blank(i, end);
      i = end;
    } else if (!hash && c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close === -1 ? text.length : close + 2;
      blank(i, end);
      i = end;
    } else if (hash && (c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
      const close = text.indexOf(c.repeat(3), i + 3);
      const end = close === -1 ? text.length : close + 3;
      blank(i + 3, end - 3);
      i = end;
    } else if (c === '"' || c === "'" || c === '`') {
      const multiline = c === '`';
      const escapes = !(c === '`' && language === 'go');
      let k = i + 1;
      while (k < text.length && text[k] !== c && (multiline || text[k] !== '\n')) k += escapes && text[k] === '\\' ? 2 : 1;
      blank(i + 1, Math.min(k, text.length));
      i = text[k] === c ? k + 1 : k;
    } else {
      i += 1;
    }
  }
  return out.join('');
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}
