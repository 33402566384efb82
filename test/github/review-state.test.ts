import { describe, expect, it } from 'vitest';
import {
  fingerprintFinding,
  markFingerprint,
  readFingerprint,
  readReviewState,
  writeReviewState,
} from '../../src/core/review/review-state.js';

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);

describe('review state', () => {
  it('round-trips through a comment body, replacing the old block', () => {
    const once = writeReviewState('## Summary', { reviewedShas: [SHA_A], fingerprints: ['0123456789abcdef'] });
    const twice = writeReviewState(once, { reviewedShas: [SHA_A, SHA_B], fingerprints: [] });
    expect(twice).toBe(`## Summary\n\n<!-- nanodex:review-state {"reviewedShas":["${SHA_A}","${SHA_B}"],"fingerprints":[]} -->`);
    expect(readReviewState(twice)).toEqual({ reviewedShas: [SHA_A, SHA_B], fingerprints: [] });
  });

  it('keeps only the newest shas and fingerprints, without duplicates', () => {
    const shas = Array.from({ length: 150 }, (_, i) => i.toString(16).padStart(40, '0'));
    const state = readReviewState(writeReviewState('', { reviewedShas: [...shas, shas[149]!], fingerprints: [] }));
    expect(state?.reviewedShas).toHaveLength(100);
    expect(state?.reviewedShas.at(-1)).toBe(shas[149]);
  });

  it.each([
    ['no block', 'just text'],
    ['broken JSON', '<!-- nanodex:review-state {"reviewedShas": [} -->'],
    ['values that are not hex', '<!-- nanodex:review-state {"reviewedShas":["--><img>"],"fingerprints":[]} -->'],
  ])('reads nothing from %s', (_what, body) => {
    expect(readReviewState(body)).toBeUndefined();
  });
});

describe('fingerprintFinding', () => {
  it('is 16 hex characters of sha1 over path, quote and kind', () => {
    expect(fingerprintFinding({ path: 'a.ts', quote: 'eval(x)', kind: 'risk:eval' })).toBe('4bde6e392eb1085a'); // printf 'a.ts\0eval(x)\0risk:eval' | sha1sum
  });

  it('ignores how the quote is spaced, but not where it is or what raised it', () => {
    const base = fingerprintFinding({ path: 'a.ts', quote: 'if (a) {\n  eval(x)\n}', kind: 'model' });
    expect(fingerprintFinding({ path: 'a.ts', quote: '  if (a) { eval(x) }  ', kind: 'model' })).toBe(base);
    expect(fingerprintFinding({ path: 'b.ts', quote: 'if (a) { eval(x) }', kind: 'model' })).not.toBe(base);
    expect(fingerprintFinding({ path: 'a.ts', quote: 'if (a) { eval(x) }', kind: 'risk:eval' })).not.toBe(base);
  });
});

describe('markFingerprint', () => {
  it('hides the fingerprint in the comment, where readFingerprint finds it', () => {
    const body = markFingerprint('Avoid eval.', '0123456789abcdef');
    expect(body).toBe('Avoid eval.\n\n<!-- nanodex:finding:0123456789abcdef -->');
    expect(readFingerprint(body)).toBe('0123456789abcdef');
    expect(readFingerprint('Avoid eval.')).toBeUndefined();
  });
});
