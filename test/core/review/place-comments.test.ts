import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiffFile, DiffLine } from '../../../src/core/review/parse-diff.js';
import { placeComments } from '../../../src/core/review/place-comments.js';
import type { ReviewDraft } from '../../../src/core/review/review-draft.js';

/** One modified file with one hunk starting at new line 10; `+` adds, `-` deletes, ` ` keeps. */
function fileWith(lines: string[], path = 'src/app.ts'): DiffFile {
  let oldLine = 10;
  let newLine = 10;
  const hunkLines: DiffLine[] = lines.map((l) => {
    const text = l.slice(1);
    if (l[0] === '+') return { kind: 'add', text, newLine: newLine++ };
    if (l[0] === '-') return { kind: 'del', text, oldLine: oldLine++ };
    return { kind: 'context', text, oldLine: oldLine++, newLine: newLine++ };
  });
  return {
    path,
    status: 'modified',
    binary: false,
    additions: 0,
    deletions: 0,
    hunks: [{ oldStart: 10, oldLines: oldLine - 10, newStart: 10, newLines: newLine - 10, header: '@@', lines: hunkLines }],
  };
}

const draft = (quote: string, extra: Partial<ReviewDraft> = {}): ReviewDraft => ({
  path: 'src/app.ts',
  quote,
  body: 'Why this matters.',
  kind: 'model',
  ...extra,
});

describe('placeComments', () => {
  const file = fileWith([' function run(input) {', '-  return input;', '+  const out = eval(input);', '+  return out;', ' }']);

  it('places a quote found exactly once on its line, on the right side', () => {
    const { inline, needsJudgement } = placeComments([file], [draft('eval(input)')]);
    expect(needsJudgement).toEqual([]);
    expect(inline[0]).toMatchObject({ path: 'src/app.ts', line: 11, side: 'RIGHT' });
    expect(inline[0]!.startLine).toBeUndefined();
  });

  it('places a quote on a context line too, since it is on the new side', () => {
    expect(placeComments([file], [draft('function run(input) {')]).inline[0]!.line).toBe(10);
  });

  it('spans a multi-line quote from its first to its last line, ignoring indentation and trailing spaces', () => {
    const { inline } = placeComments([file], [draft('const out = eval(input);   \nreturn out;\n')]);
    expect(inline[0]).toMatchObject({ startLine: 11, line: 12 });
  });

  it('never matches a deleted line', () => {
    expect(placeComments([file], [draft('return input;')]).needsJudgement[0]!.reason).toBe('quote not found in the diff');
  });

  it('hands a quote found more than once to a person, saying how often', () => {
    const twice = fileWith(['+debugger;', ' x();', '+debugger;', '+debugger;']);
    expect(placeComments([twice], [draft('debugger;')]).needsJudgement[0]!.reason).toBe('quote found 3 times');
  });

  it('hands over drafts about files the diff does not have, and empty quotes', () => {
    const { needsJudgement } = placeComments([file], [draft('x', { path: 'src/other.ts' }), draft('  \n ')]);
    expect(needsJudgement.map((n) => n.reason)).toEqual(['file not in the diff', 'quote is empty']);
  });

  it('attaches a suggestion block that replaces exactly the quoted lines, keeping their indentation', () => {
    const { inline } = placeComments(
      [file],
      [draft('const out = eval(input);', { suggestion: 'const out = JSON.parse(input);', severity: 'error', kind: 'risk:eval' })],
    );
    expect(inline[0]!.body).toMatchInlineSnapshot(`
      "\`\`\`ts
      const out = eval(input);
      \`\`\`

      **Problem:** Why this matters.

      \`\`\`suggestion
        const out = JSON.parse(input);
      \`\`\`

      <sub>nanodex · risk:eval</sub>"
    `);
  });

  it('offers an empty suggestion block to delete a line', () => {
    const { inline } = placeComments([file], [draft('return out;', { suggestion: '' })]);
    expect(inline[0]!.body).toContain('```suggestion\n```');
  });

  it('keeps a comment on part of a line inline, but gives its replacement as text, not a suggestion', () => {
    const { inline } = placeComments([file], [draft('eval(input)', { suggestion: 'JSON.parse(input)' })]);
    expect(inline[0]!.body).not.toContain('```suggestion');
    expect(inline[0]!.body).toContain('Suggested replacement for the quoted code');
    expect(inline[0]!.body).toContain('JSON.parse(input)');
  });

  it('puts every placed comment on new-side lines of a hunk that contain its quote (property)', () => {
    const lineText = fc.stringMatching(/^[ a-c(){};=]{0,12}$/);
    const diffLine = fc.tuple(fc.constantFrom('+', '-', ' '), lineText).map(([s, t]) => s + t);
    fc.assert(
      fc.property(
        fc.array(diffLine, { minLength: 1, maxLength: 25 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
        (lines, extra) => {
          const diff = fileWith(lines);
          const newSide = new Map(diff.hunks[0]!.lines.filter((l) => l.kind !== 'del').map((l) => [l.newLine!, l.text]));
          // Quotes taken from the lines themselves (whole, part, two lines) and some arbitrary ones.
          const texts = lines.map((l) => l.slice(1));
          const quotes = [...texts, ...texts.map((t) => t.slice(1, 4)), ...texts.slice(1).map((t, i) => `${texts[i]}\n${t}`), ...extra];
          const { inline, needsJudgement } = placeComments(
            [diff],
            quotes.map((q) => draft(q)),
          );
          expect(inline.length + needsJudgement.length).toBe(quotes.length);
          for (const c of inline) {
            const quoteLines = c.draft.quote
              .split('\n')
              .map((q) => q.trim())
              .filter(Boolean);
            const start = c.startLine ?? c.line;
            expect(c.line - start + 1).toBe(quoteLines.length);
            for (let n = start; n <= c.line; n += 1) expect(newSide.has(n)).toBe(true);
            expect(newSide.get(start)!.trimEnd()).toContain(quoteLines[0]);
            expect(newSide.get(c.line)!.trimEnd()).toContain(quoteLines[quoteLines.length - 1]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
