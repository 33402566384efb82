/**
 * Characters written as Mermaid entity codes inside a quoted label. `"` would
 * close the string; `#` would start an entity of the text's own; `%` could
 * open a `%%{init}%%` directive (Mermaid scans the whole text for those);
 * a backtick turns `"`…`"` into a Markdown string; `<` `>` `&` would reach
 * the renderer as HTML; `|` ends an edge label. Entity codes are decoded to
 * HTML entities when drawn, so the reader sees the characters themselves.
 */
const ENTITY: Record<string, string> = {
  '"': '#quot;',
  '#': '#35;',
  '%': '#37;',
  '`': '#96;',
  '<': '#lt;',
  '>': '#gt;',
  '&': '#amp;',
  '|': '#124;',
  '\\': '#92;',
};

/** Control and format characters (newlines, bidi overrides, zero-width) and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Any text as the inside of a quoted Mermaid label (`n1["…"]`): one line,
 * at most `max` characters (clipped on a code point with `…`), with every
 * character that could end the string or change its meaning written as an
 * entity code. The result never contains `"`, a newline or `%`.
 */
export function escapeMermaidLabel(text: string, max = 60): string {
  const oneLine = text.replace(LONE_SURROGATE, '\uFFFD').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(oneLine);
  const clipped = chars.length > max ? [...chars.slice(0, Math.max(1, max - 1)), '…'] : chars;
  return clipped.map((c) => ENTITY[c] ?? c).join('');
}

/**
 * A word Mermaid's erDiagram accepts as an attribute type or name: letters,
 * digits, `_` and `-`, starting with a letter or `_`; anything else becomes `_`.
 */
export function toErWord(text: string, fallback: string): string {
  const word = text
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  if (word === '') return fallback;
  return /^[A-Za-z_]/.test(word) ? word : `_${word}`;
}
