import { describe, expect, it } from 'vitest';
import { redactStrings } from '../../../src/core/secrets/redact-strings.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();

describe('redactStrings', () => {
  it('redacts every string of a nested value and keeps its shape and other values', async () => {
    const value = {
      kind: 'done',
      evidence: corpus.map((s, i) => ({ path: `src/f${i}.ts`, startLine: i + 1, snippet: s.inCode })),
      metrics: { rounds: 2, ok: true, none: null },
    };
    const out = await redactStrings(value);
    expect(findLeaks(JSON.stringify(out), corpus)).toEqual([]);
    expect(out.evidence.map((e) => [e.path, e.startLine])).toEqual(value.evidence.map((e) => [e.path, e.startLine]));
    expect(out.metrics).toEqual({ rounds: 2, ok: true, none: null });
  });

  it('does not change the value it was given', async () => {
    const value = { text: corpus[5]!.inCode };
    await redactStrings(value);
    expect(value.text).toBe(corpus[5]!.inCode);
  });

  it('returns the same value when nothing needs redacting', async () => {
    const value = { a: ['plain words only', 'and more of them'] };
    expect(await redactStrings(value)).toBe(value);
  });

  it('finds no secret made of the end of one string and the start of the next', async () => {
    const value = ['const password =', '"Tr0ub4dor&3xyz"', 'password = "Tr0ub4dor&3xyz"'];
    expect(await redactStrings(value)).toEqual(['const password =', '"Tr0ub4dor&3xyz"', 'password = "[redacted]"']);
  });
});
