import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HINTED_RULES, matchOnHintedLines } from '../../../src/core/secrets/own-secret-rules.js';
import { buildDotEnv, buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();

/** Each match as its offset and groups: what the rules read. */
const shape = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => ({ index: m.index, groups: [...m] }));

/** Line breaks JavaScript's `^`, `$` and `.` know, and text around them that the rules look at. */
const PIECES = [
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u2029',
  ' ',
  '\t',
  '=',
  ': ',
  '"',
  "'",
  '`',
  '#',
  '-',
  '_',
  'password',
  'PASSWORD',
  'DB_PASSWORD=',
  'api_key',
  'Token',
  'SECRET',
  'pwd',
  'Zk93hQ2vLp',
  's3cr3tV4lue99',
  'x.',
  '$',
];

describe('matchOnHintedLines', () => {
  it('finds exactly what a scan of the whole text finds, for every secret of the corpus', () => {
    const texts = [
      ...corpus.map((s) => s.inCode),
      buildDotEnv(corpus),
      corpus.map((s) => s.inCode).join('\r\n'),
      corpus.map((s) => s.inCode).join('\u2028'),
    ];
    let matched = 0;
    for (const text of texts) {
      for (const { re, hint } of HINTED_RULES) {
        const whole = shape(text.matchAll(re));
        matched += whole.length;
        expect(shape(matchOnHintedLines(text, re, hint))).toEqual(whole);
      }
    }
    expect(matched).toBeGreaterThan(10); // the texts do reach the rules
  });

  it('finds exactly what a scan of the whole text finds, on texts built from the pieces the rules look at', () => {
    let matched = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        for (const { re, hint } of HINTED_RULES) {
          const whole = shape(text.matchAll(re));
          matched += whole.length;
          expect(shape(matchOnHintedLines(text, re, hint))).toEqual(whole);
        }
      }),
      { numRuns: 3000, seed: 15 },
    );
    expect(matched).toBeGreaterThan(100);
  });
});
