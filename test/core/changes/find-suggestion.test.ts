import { describe, expect, it } from 'vitest';
import { findSuggestion, renderSuggestion } from '../../../src/core/changes/find-suggestion.js';
import { about, applied } from './change-fixtures.js';

const before = 'one\ntwo\nthree\nfour\n';
async function suggestionFor(after: string, files: Record<string, string> = { 'a.txt': before }) {
  const [result] = await applied(files, [{ kind: 'patch', ...about, path: 'a.txt', format: 'whole_file', content: after }]);
  if (!result) throw new Error('no result');
  return findSuggestion(result);
}

describe('findSuggestion', () => {
  it('turns one changed block into a replacement of its lines in the file before', async () => {
    const suggestion = await suggestionFor('one\nTWO\nTHREE!\nfour\n');
    expect(suggestion).toEqual({ path: 'a.txt', startLine: 2, endLine: 3, replacement: 'TWO\nTHREE!' });
    expect(renderSuggestion(suggestion!)).toMatchInlineSnapshot(`
      "\`\`\`suggestion
      TWO
      THREE!
      \`\`\`"
    `);
  });

  it('suggests an empty block for deleted lines', async () => {
    const suggestion = await suggestionFor('one\nfour\n');
    expect(suggestion).toEqual({ path: 'a.txt', startLine: 2, endLine: 3, replacement: '' });
    expect(renderSuggestion(suggestion!)).toBe('```suggestion\n```');
  });

  it('anchors an insertion on the line after it, or on the last line at the end of the file', async () => {
    expect(await suggestionFor('one\ntwo\nnew\nthree\nfour\n')).toEqual({
      path: 'a.txt',
      startLine: 3,
      endLine: 3,
      replacement: 'new\nthree',
    });
    expect(await suggestionFor(`${before}five\n`)).toEqual({ path: 'a.txt', startLine: 4, endLine: 4, replacement: 'four\nfive' });
  });

  it('gives nothing for changes in several places, file operations or failed changes', async () => {
    expect(await suggestionFor('ONE\ntwo\nthree\nFOUR\n')).toBeUndefined();
    const results = await applied({ 'a.txt': before }, [
      { kind: 'file_rename', ...about, oldPath: 'a.txt', newPath: 'b.txt' },
      { kind: 'patch', ...about, path: 'a.txt', format: 'whole_file', content: 'x' },
    ]);
    expect(results.map(findSuggestion)).toEqual([undefined, undefined]);
  });

  it('fences a replacement that contains backticks with a longer fence', async () => {
    const suggestion = await suggestionFor('one\n```js\nthree\nfour\n');
    expect(renderSuggestion(suggestion!)).toBe('````suggestion\n```js\n````');
  });
});
