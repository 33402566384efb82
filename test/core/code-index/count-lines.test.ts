import { describe, expect, it } from 'vitest';
import { countLines } from '../../../src/core/code-index/count-lines.js';
import { parseFile } from '../../../src/core/code-index/parse-file.js';

describe('countLines', () => {
  it('counts a final newline as the end of the last line, not a line of its own', () => {
    expect(countLines('a\nb\n')).toBe(2);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a\n\n')).toBe(2);
    expect(countLines('\n')).toBe(1);
    expect(countLines('')).toBe(0);
  });
});

describe('parseFile', () => {
  it('stores six lines for a six-line file that ends in a newline', async () => {
    const text = ['export function a() {', '  return 1;', '}', '', 'export const b = 2;', 'export const c = 3;', ''].join('\n');
    const parsed = await parseFile('src/six.ts', new TextEncoder().encode(text));
    expect(parsed.lines).toBe(6);
    expect(Math.max(...parsed.chunks.map((c) => c.endLine))).toBeLessThanOrEqual(6);
  });

  it('counts text files the same way', async () => {
    expect((await parseFile('notes.txt', new TextEncoder().encode('one\ntwo\n'))).lines).toBe(2);
  });
});
