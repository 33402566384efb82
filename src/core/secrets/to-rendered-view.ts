/**
 * The text as a reader sees it once GitHub has rendered it, with a map back
 * to the offsets of the text itself. A secret reaches a reader intact in
 * forms no rule matches as written: `ghp\_…` (Markdown escaping, which
 * escapeText applies to a pasted prompt), `sk&#95;live&#95;…` or
 * `&lowbar;` (HTML entities), `ghp_ab<!-- -->cd` or a zero-width character
 * inside it (the sanitiser removes both after redaction). The rules scan
 * this view too, and each span found in it redacts its original characters.
 */
export interface RenderedView {
  text: string;
  /** For each character of `text`, where the characters it came from start and end in the original. */
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * Named entities that render as ASCII punctuation (HTML5's list), the characters tokens are made of
 * and split by, and the dashes that look like `-`. Letters and digits have no named entity; numeric
 * references cover them.
 */
const NAMED: Record<string, string> = {
  lowbar: '_',
  UnderBar: '_',
  hyphen: '-',
  dash: '-',
  minus: '-',
  period: '.',
  sol: '/',
  bsol: '\\',
  plus: '+',
  equals: '=',
  colon: ':',
  semi: ';',
  comma: ',',
  commat: '@',
  excl: '!',
  quest: '?',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  ast: '*',
  midast: '*',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  lbrack: '[',
  rsqb: ']',
  rbrack: ']',
  lcub: '{',
  lbrace: '{',
  rcub: '}',
  rbrace: '}',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  grave: '`',
  DiacriticalGrave: '`',
  Hat: '^',
  tilde: '~',
  apos: "'",
  quot: '"',
  QUOT: '"',
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
};

/**
 * What renders differently from how it is written: a backslash before ASCII punctuation (CommonMark drops
 * it; a run of them, escaped escapes, reads the same; not before a quote, which no secret holds and which
 * code and source maps escape on every other line), a character reference, a `\u002d` escape (JSON and JavaScript strings: the hidden blocks a reply
 * keeps write `-` so), and characters nobody sees (zero-width, direction marks, the soft hyphen:
 * sanitize-model-text's list).
 */
const ENCODED =
  /\\+([!#-&(-/:-@[\]^_{-~])|\\u([0-9a-fA-F]{4})|&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));|[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/g;
/** An HTML comment shows as nothing: `ghp_ab<!-- -->cd` reads `ghp_abcd`. (Its inside is scanned in the first view.) */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A view of a view: `\\_` renders as `\_`, which a reader turns back into `_` at a glance. */
const MAX_PASSES = 3;

/** Marks a character of a view that stands for none of the original: the line break between two excerpted lines. */
export const NO_ORIGIN = -1;

/** Anything that starts to render differently: what ENCODED matches, or a comment's opening. */
const ENCODED_OR_COMMENT = new RegExp(`${ENCODED.source}|<!--`, 'g');

/**
 * The views of `text` a reader may see, none when it renders as written (most texts: nothing more to
 * scan): decoded, then decoded with HTML comments left out. The first keeps what a comment holds (a
 * reply's hidden blocks are read back through the API), the second joins what a comment splits. Only
 * the lines that render differently are in them (code escapes often, `\"` or `\.` in a regex, but on
 * few lines), joined by line breaks of NO_ORIGIN: a span across one joins lines that are apart.
 */
export function toRenderedViews(text: string): RenderedView[] {
  const excerpt = excerptEncodedLines(text);
  if (excerpt === undefined) return [];
  const decoded = decodeAll(excerpt.text, undefined);
  const source = decoded?.text ?? excerpt.text;
  const uncommented = source.includes('<!--') ? decodeAll(source, undefined, HTML_COMMENT) : undefined;
  const views = decoded === undefined ? [] : [decoded];
  if (uncommented !== undefined) {
    // What a comment split may decode once joined: `&#<!-- -->114;` reads `&#114;`, which a reader reads as `r`.
    const joined = decodeAll(uncommented.text, uncommented) ?? uncommented;
    views.push(decoded === undefined ? joined : compose(decoded, joined));
  }
  return views.map((view) => compose(excerpt, view));
}

/**
 * Past this a line is cut to windows around what it encodes: a bundle or a source map is one long line,
 * and a secret lies within the characters its escapes write, its rule's context (a name, a URL's scheme)
 * just before them.
 */
const MAX_LINE = 1024;
const WINDOW = 256;

/** The lines of `text` that hold something ENCODED_OR_COMMENT matches (a comment's through its end), joined. */
function excerptEncodedLines(text: string): RenderedView | undefined {
  // Ranges as [start, end) pairs in one list: a long line holds many matches, and this runs once for each.
  const ranges: number[] = [];
  // The line of the last match, found once: a long line holds many (a source map's `\"`).
  let lineStart = 0;
  let lineEnd = -1;
  ENCODED_OR_COMMENT.lastIndex = 0;
  for (let m = ENCODED_OR_COMMENT.exec(text); m !== null; m = ENCODED_OR_COMMENT.exec(text)) {
    const closed = m[0] === '<!--' ? text.indexOf('-->', m.index + 4) : m.index + m[0].length;
    const matchEnd = closed === -1 ? text.length : closed;
    if (m.index > lineEnd || matchEnd > lineEnd) {
      if (m.index > lineEnd) lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
      const end = text.indexOf('\n', matchEnd);
      lineEnd = end === -1 ? text.length : end;
    }
    const long = lineEnd - lineStart > MAX_LINE;
    const start = long ? Math.max(lineStart, m.index - WINDOW) : lineStart;
    const end = long ? Math.min(lineEnd, matchEnd + WINDOW) : lineEnd;
    const last = ranges.length - 1;
    if (last > 0 && start <= ranges[last]! + 1) ranges[last] = Math.max(ranges[last]!, end);
    else ranges.push(start, end);
    ENCODED_OR_COMMENT.lastIndex = Math.max(matchEnd, m.index + 1);
  }
  if (ranges.length === 0) return undefined;
  let length = -1;
  for (let r = 0; r < ranges.length; r += 2) length += ranges[r + 1]! - ranges[r]! + 1;
  const starts = new Int32Array(length);
  const ends = new Int32Array(length);
  const parts: string[] = [];
  let at = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    if (at > 0) {
      starts[at] = NO_ORIGIN;
      ends[at] = NO_ORIGIN;
      at += 1;
    }
    for (let i = ranges[r]!; i < ranges[r + 1]!; i += 1, at += 1) {
      starts[at] = i;
      ends[at] = i + 1;
    }
    parts.push(text.slice(ranges[r], ranges[r + 1]));
  }
  return { text: parts.join('\n'), starts, ends };
}

/**
 * `view` (of `text`, or undefined for the text itself) decoded again until nothing changes, or undefined
 * if nothing did. Comments too: removing `<!-- -->` from `<<!-- -->!-- -->` leaves a comment.
 */
function decodeAll(text: string, view: RenderedView | undefined, encoded = ENCODED): RenderedView | undefined {
  let out = view;
  let changed = false;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = decodeOnce(out?.text ?? text, encoded);
    if (next === undefined) break;
    out = out === undefined ? next : compose(out, next);
    changed = true;
  }
  return changed ? out : undefined;
}

/** The view in which everything a reader would not see is gone: the last of toRenderedViews. */
export function toRenderedView(text: string): RenderedView | undefined {
  return toRenderedViews(text).at(-1);
}

function decodeOnce(text: string, encoded: RegExp): RenderedView | undefined {
  if (text.search(encoded) === -1) return undefined; // search starts at 0 and leaves lastIndex as it was
  // A decoded text is never longer than its source (each match writes at most 2 UTF-16 units for 4 or more).
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  const parts: string[] = [];
  let at = 0;
  const keep = (from: number, to: number): void => {
    for (let i = from; i < to; i += 1, at += 1) {
      starts[at] = i;
      ends[at] = i + 1;
    }
    parts.push(text.slice(from, to));
  };
  let last = 0;
  for (const m of text.matchAll(encoded)) {
    const decoded = decodeMatch(m);
    if (decoded === undefined) continue; // an unknown name: GitHub shows it as written
    keep(last, m.index);
    for (let k = 0; k < decoded.length; k += 1, at += 1) {
      starts[at] = m.index;
      ends[at] = m.index + m[0].length;
    }
    parts.push(decoded);
    last = m.index + m[0].length;
  }
  if (last === 0) return undefined; // every match an unknown name (a match is never empty)
  keep(last, text.length);
  return { text: parts.join(''), starts: starts.subarray(0, at), ends: ends.subarray(0, at) };
}

function decodeMatch(m: RegExpMatchArray): string | undefined {
  if (m[0].startsWith('<!--')) return '';
  if (m[1] !== undefined) return m[1]; // an escaped punctuation character
  const code =
    m[2] !== undefined ? parseInt(m[2], 16) : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? parseInt(m[4], 16) : undefined;
  if (code !== undefined) {
    // Zero, surrogates and out-of-range references render as U+FFFD, which no secret holds.
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  }
  if (m[5] !== undefined) return NAMED[m[5]];
  return ''; // a character nobody sees
}

/** `outer` is a view of `inner.text`: map its offsets through `inner` to the original. */
function compose(inner: RenderedView, outer: RenderedView): RenderedView {
  const starts = new Int32Array(outer.text.length);
  const ends = new Int32Array(outer.text.length);
  for (let i = 0; i < outer.text.length; i += 1) {
    const [from, to] = [outer.starts[i]!, outer.ends[i]!];
    starts[i] = from === NO_ORIGIN ? NO_ORIGIN : inner.starts[from]!;
    ends[i] = to === NO_ORIGIN ? NO_ORIGIN : inner.ends[to - 1]!;
  }
  return { text: outer.text, starts, ends };
}
