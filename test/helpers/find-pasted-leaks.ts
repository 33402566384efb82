import type { CorpusSecret } from './secret-corpus.js';

/** The corpus families issue 27 names: tokens pasted into a mention or a prompt came back escaped and intact. */
export const PASTED_FAMILIES = [
  'GitHub token ghp_',
  'GitHub token ghs_',
  'GitHub fine-grained token github_pat_',
  'Stripe secret key',
  'Google API key',
  'Slack bot token',
];

/** How many characters of a token in a row give part of it away (the prefix rule redacts a prefix and 8). */
const WINDOW = 12;

const DECODINGS: [RegExp, (...groups: string[]) => string][] = [
  [/<!--[\s\S]*?(?:-->|$)/g, () => ''],
  [/&#(\d{1,7});/g, (_m, d) => safeChar(Number(d))],
  [/&#x([0-9a-f]{1,6});/gi, (_m, h) => safeChar(parseInt(h!, 16))],
  [/&(?:lowbar|UnderBar);/g, () => '_'],
  [/&(?:hyphen|dash|minus);/g, () => '-'],
  [/&amp;/g, () => '&'],
  [/\\u([0-9a-f]{4})/gi, (_m, h) => safeChar(parseInt(h!, 16))],
  [/\\([!-/:-@[-`{-~])/g, (_m, c) => c!],
  [/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/g, () => ''],
];
const safeChar = (code: number) => (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '');

/**
 * What a reader can make of `text`, written here apart from the redactor's own view (to-rendered-view.ts)
 * so that a mistake in one is not hidden by the same mistake in the other: every decoding GitHub applies
 * (escapes, references, comments, hidden characters), and JSON's `\u002d`, until nothing changes.
 */
export function toReaderText(text: string): string {
  let out = text;
  for (let pass = 0; pass < 8; pass += 1) {
    let next = out;
    for (const [re, to] of DECODINGS) next = next.replace(re, to as (...args: string[]) => string);
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * The pasted secrets that `text` gives away, as written, JSON-escaped or as a reader makes it out
 * (`ghp\_…`, `&#95;`): the whole value or any 12 characters of it in a row, so a clipped token counts too.
 */
export function findPastedLeaks(text: string, secrets: readonly CorpusSecret[]): string[] {
  const seen = [text, toReaderText(text), toReaderText(text.replace(/\\\\/g, '\\'))];
  return secrets
    .filter((s) => {
      for (let i = 0; i + WINDOW <= s.value.length; i += 1) {
        const window = s.value.slice(i, i + WINDOW);
        if (seen.some((t) => t.includes(window))) return true;
      }
      return false;
    })
    .map((s) => s.name);
}
