import { describe, expect, it } from 'vitest';
import { findFuzzyMatch } from '../../../src/core/changes/find-fuzzy-match.js';

describe('findFuzzyMatch', () => {
  const text = 'alpha();\nif (ready) {\n    go();\n}\nomega();\n';

  it('ignores differences in whitespace alone, with full confidence', () => {
    expect(findFuzzyMatch(text, 'if (ready)  {\n  go();\n}', 0.8)).toEqual({
      found: true,
      start: 9,
      end: 33,
      startLine: 2,
      endLine: 4,
      confidence: 1,
    });
  });

  it('takes the trailing newline into the match only when the search text ends with one', () => {
    const match = findFuzzyMatch(text, 'omega()\n', 0.8);
    expect(match.found && text.slice(match.start, match.end)).toBe('omega();\n');
  });

  it('scores a near miss by edit distance over the window', () => {
    const match = findFuzzyMatch(text, 'if (ready) {\n    goo();\n}', 0.8);
    expect(match).toMatchObject({ found: true, startLine: 2, confidence: 0.947 });
  });

  it('refuses when two places match equally well', () => {
    expect(findFuzzyMatch('x = 1;\ny = 2;\nx = 1;\n', 'x  =  1;', 0.5)).toEqual({
      found: false,
      reason: '2 places match equally well (100%), so the target is ambiguous',
    });
  });

  it('refuses a search text longer than the file', () => {
    expect(findFuzzyMatch('one\n', 'one\ntwo\n', 0.5)).toEqual({
      found: false,
      reason: 'the file has fewer lines (1) than the search text (2)',
    });
  });

  // Found by npm run fuzz: only lines were counted, so one long line against a long search took 12 s.
  it('gives up at once when the lines are too long to compare in time', () => {
    const started = performance.now();
    expect(findFuzzyMatch(`${'y'.repeat(2000)}\n`.repeat(3), 'x'.repeat(100_000), 0.8)).toEqual({
      found: false,
      reason: 'the file and the search text are too long to compare fuzzily',
    });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('still matches in a file of a thousand ordinary lines', () => {
    const line = (i: number) => `const value${i} = compute(alpha, beta, gamma${i % 7});`;
    const text = Array.from({ length: 1000 }, (_, i) => line(i)).join('\n');
    const search = Array.from({ length: 10 }, (_, i) => `${line(i + 500)}x`).join('\n');
    expect(findFuzzyMatch(text, search, 0.8)).toMatchObject({ found: true, startLine: 501, endLine: 510 });
  });
});
