/** Small, pure pieces of GitHub Markdown every renderer shares. */

/** A fenced code block whose fence is longer than any backtick run inside, so code can never close it early. */
export function fence(code: string, language = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  // Exact content: an empty body is an empty block (a suggestion that deletes lines), blank lines at the end stay.
  const end = code === '' || code.endsWith('\n') ? '' : '\n';
  return `${bar}${language}\n${code}${end}${bar}`;
}

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  const single = text.replace(/\n/g, ' ');
  const longest = Math.max(0, ...[...single.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  const pad = single.startsWith('`') || single.endsWith('`') ? ' ' : '';
  return `${bar}${pad}${single}${pad}${bar}`;
}

/** Text that reads literally: no emphasis, links or HTML can come out of it (mentions are the sanitiser's job). */
export function escapeText(text: string): string {
  // Angle brackets become entities (a backslash before `<` still lets GitHub see a tag).
  return text
    .replace(/[\\`*_{}[\]#|~]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n/g, ' ');
}

/** A table cell: pipes escaped, one line. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function link(text: string, url: string): string {
  // `encodeURIComponent` leaves parentheses alone, and an unbalanced one would end the link early.
  return `[${text.replace(/[[\]]/g, (c) => `\\${c}`)}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

/** The fence language GitHub highlights for a path, from its extension. */
export function languageOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) && ext !== path.toLowerCase() ? ext : '';
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
