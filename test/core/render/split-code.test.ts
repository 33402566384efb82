import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCode } from '../../../src/core/render/split-code.js';

/** The single regular expression splitCode used to be: the reference for what counts as code. Quadratic on unclosed runs. */
function splitCodeByRegex(text: string): { text: string; isCode: boolean }[] {
  const parts: { text: string; isCode: boolean }[] = [];
  const pattern =
    /(^|\n)( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\3[`~]*[ \t]*(?=\n|$)|$)|(`+)(?!`)(?:(?!\n[ \t]*\n)[^])*?[^`]\4(?!`)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index + (m[1] ?? '').length;
    if (start > last) parts.push({ text: text.slice(last, start), isCode: false });
    parts.push({ text: text.slice(start, m.index + m[0].length), isCode: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isCode: false });
  return parts;
}

const markdownish = fc
  .array(fc.constantFrom('`', '``', '```', '~~~', '\n', '\n\n', ' ', '   ', '\t', 'a', 'b c', '@x'), { maxLength: 40 })
  .map((p) => p.join(''));

describe('splitCode', () => {
  it('finds exactly the code the CommonMark-shaped regular expression found', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        expect(splitCode(text)).toEqual(splitCodeByRegex(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the parts in order and loses no character', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        expect(
          splitCode(text)
            .map((p) => p.text)
            .join(''),
        ).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it("treats a span of the opener's length as closing it, and others as text", () => {
    expect(splitCode('a ``x`y`` b')).toEqual([
      { text: 'a ', isCode: false },
      { text: '``x`y``', isCode: true },
      { text: ' b', isCode: false },
    ]);
    expect(splitCode('`a\n\nb`')).toEqual([{ text: '`a\n\nb`', isCode: false }]);
  });

  // Found by npm run fuzz: rescanning from every unclosed run took 3 s on a 64 KB comment.
  it('takes linear time on a comment of unclosed runs of growing length', () => {
    let text = '';
    for (let n = 1; text.length < 64_000; n += 1) text += `${'`'.repeat(n)}a`;
    const started = performance.now();
    expect(splitCode(text).every((p) => !p.isCode)).toBe(true);
    expect(performance.now() - started).toBeLessThan(300);
  });
});
