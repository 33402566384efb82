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
 * What GitHub renders differently from how it is written: a backslash before ASCII punctuation (CommonMark
 * drops it), a character reference, an HTML comment (shown as nothing), and characters nobody sees
 * (zero-width, direction marks, the soft hyphen: sanitize-model-text's list).
 */
const ENCODED =
  /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));|<!--[\s\S]*?(?:-->|$)|[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/g;
/** A view of a view: `\\_` renders as `\_`, which a reader turns back into `_` at a glance. */
const MAX_PASSES = 3;

/** The rendered view of `text`, or undefined when it renders as written (most texts: nothing more to scan). */
export function toRenderedView(text: string): RenderedView | undefined {
  let view: RenderedView | undefined;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = decodeOnce(view?.text ?? text);
    if (next === undefined) break;
    view = view === undefined ? next : compose(view, next);
  }
  return view;
}

function decodeOnce(text: string): RenderedView | undefined {
  if (text.search(ENCODED) === -1) return undefined; // search starts at 0 and leaves lastIndex as it was
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const keep = (from: number, to: number): void => {
    for (let i = from; i < to; i += 1) {
      starts.push(i);
      ends.push(i + 1);
    }
    out += text.slice(from, to);
  };
  let last = 0;
  for (const m of text.matchAll(ENCODED)) {
    const decoded = decodeMatch(m);
    if (decoded === undefined) continue; // an unknown name: GitHub shows it as written
    keep(last, m.index);
    for (let k = 0; k < decoded.length; k += 1) {
      starts.push(m.index);
      ends.push(m.index + m[0].length);
    }
    out += decoded;
    last = m.index + m[0].length;
  }
  if (last === 0 && out === '') return undefined;
  keep(last, text.length);
  return { text: out, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

function decodeMatch(m: RegExpMatchArray): string | undefined {
  const [whole, escaped, decimal, hex, name] = m;
  if (escaped !== undefined) return escaped;
  if (decimal !== undefined || hex !== undefined) {
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    // Zero, surrogates and out-of-range references render as U+FFFD, which no secret holds.
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  }
  if (name !== undefined) return NAMED[name];
  return whole === '' ? undefined : ''; // a comment or an invisible character: nothing
}

/** `outer` is a view of `inner.text`: map its offsets through `inner` to the original. */
function compose(inner: RenderedView, outer: RenderedView): RenderedView {
  const starts = new Int32Array(outer.text.length);
  const ends = new Int32Array(outer.text.length);
  for (let i = 0; i < outer.text.length; i += 1) {
    starts[i] = inner.starts[outer.starts[i]!]!;
    ends[i] = inner.ends[outer.ends[i]! - 1]!;
  }
  return { text: outer.text, starts, ends };
}

/** Marks a character of a view that stands for none of the original: the line break between two kept lines. */
export const NO_ORIGIN = -1;

/**
 * Only the lines of `view` that render differently from how they are written, each followed by a line
 * break of NO_ORIGIN. Code escapes often (`\"`, `\\`, `\.` in a regex), but on few lines: the rules scan
 * those lines again, not the whole file.
 */
export function keepChangedLines(view: RenderedView): RenderedView {
  const { text, starts, ends } = view;
  const keptStarts: number[] = [];
  const keptEnds: number[] = [];
  let out = '';
  for (let lineStart = 0; lineStart < text.length;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let changed = false;
    for (let i = lineStart; i <= lineEnd && i < text.length && !changed; i += 1) {
      // Decoded (one character from several) or after a removed run (a gap before it).
      changed = ends[i]! - starts[i]! !== 1 || (i > 0 && starts[i] !== ends[i - 1]);
    }
    if (changed) {
      for (let i = lineStart; i < lineEnd; i += 1) {
        keptStarts.push(starts[i]!);
        keptEnds.push(ends[i]!);
      }
      keptStarts.push(NO_ORIGIN);
      keptEnds.push(NO_ORIGIN);
      out += `${text.slice(lineStart, lineEnd)}\n`;
    }
    lineStart = lineEnd + 1;
  }
  return { text: out, starts: Int32Array.from(keptStarts), ends: Int32Array.from(keptEnds) };
}
