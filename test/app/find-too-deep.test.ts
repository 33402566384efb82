import { describe, expect, it } from 'vitest';
import { findTooDeep } from '../../src/app/find-too-deep.js';

const deepest = (text: string, max: number) => findTooDeep(Buffer.from(text), max);

describe('findTooDeep', () => {
  it('finds nothing in JSON that nests up to the limit', () => {
    expect(deepest('{"a":[{"b":[1,2]}],"c":{}}', 4)).toBeUndefined();
    expect(deepest('"just a string"', 0)).toBeUndefined();
  });

  it('names the byte where nesting first passes the limit', () => {
    expect(deepest('{"a":[{"b":[1]}]}', 3)).toBe(11);
    expect(deepest('['.repeat(1_000_000), 32)).toBe(32);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(deepest('{"a":"[[[{{{","b":"\\"[[[[","c":"\\\\"}', 1)).toBeUndefined();
    expect(deepest('["\\\\",[[1]]]', 2)).toBe(7);
  });

  it('counts levels, not brackets: siblings do not add up', () => {
    expect(deepest(`[${'[],'.repeat(100_000)}[]]`, 2)).toBeUndefined();
  });

  it('scans bytes that are not UTF-8 or not JSON without throwing (JSON.parse says what is wrong after)', () => {
    expect(findTooDeep(new Uint8Array([0xff, 0x5b, 0x22, 0x5b, 0xfe]), 1)).toBeUndefined();
    expect(deepest(']]]]{{', 1)).toBeUndefined();
  });
});
