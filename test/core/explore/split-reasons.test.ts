import { describe, expect, it } from 'vitest';
import { splitReasons } from '../../../src/core/explore/split-reasons.js';

describe('splitReasons', () => {
  it('splits joined reasons at "; " outside brackets, keeping quoted code whole', () => {
    expect(
      splitReasons('matches the question (DEFAULT_POOLSIZE = 10; DEFAULT_RETRIES = 0); linked to tests/test_adapters.py (import)'),
    ).toEqual(['matches the question (DEFAULT_POOLSIZE = 10; DEFAULT_RETRIES = 0)', 'linked to tests/test_adapters.py (import)']);
    expect(splitReasons('a; b [x; y]; c {p; q}')).toEqual(['a', 'b [x; y]', 'c {p; q}']);
  });

  it('splits after a bracket that never closes (a signature cut short)', () => {
    expect(splitReasons('matches the question (def build_plan( self, request, options…); definition of build_plan (method)')).toEqual([
      'matches the question (def build_plan( self, request, options…)',
      'definition of build_plan (method)',
    ]);
    expect(splitReasons('matches the question (def f(a; b')).toEqual(['matches the question (def f(a', 'b']);
    expect(splitReasons('')).toEqual([]);
  });
});
