import { createTwoFilesPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMovedBlocks, type MovedBlock } from '../../../src/core/review/find-moved-blocks.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { git, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

/** `git diff base head` for one file changed from `before` to `after`. */
function gitDiff(before: string, after: string): string {
  const root = makeTempRepo({ 'a.js': before }, { git: true });
  const base = git(root, ['rev-parse', 'HEAD']).trim();
  writeFiles(root, { 'a.js': after });
  git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'change']);
  return git(root, ['diff', base, 'HEAD']);
}

/** As `git diff -w` sees a block: its lines at base and at head are the same once whitespace and blank lines are set aside. */
function isExact(block: MovedBlock, before: string, after: string): boolean {
  const lines = (text: string, at: MovedBlock['from']) =>
    text
      .split('\n')
      .slice(at.startLine - 1, at.endLine)
      .map((line) => line.replace(/\s+/g, ''))
      .filter((line) => line !== '');
  return JSON.stringify(lines(before, block.from)) === JSON.stringify(lines(after, block.to));
}

const BEFORE = [
  'export function compose(signals, timeout) {',
  '  let aborted;',
  '',
  '  let timer = timeout && setTimeout(() => {',
  '    onabort(new Error(`timeout ${timeout} of ms exceeded`));',
  '  }, timeout);',
  '',
  '  const unsubscribe = () => {',
  '    if (signals) {',
  '      timer && clearTimeout(timer);',
  '      timer = null;',
  "      signals.forEach((signal) => signal.removeEventListener('abort', onabort));",
  '      signals = null;',
  '    }',
  '  };',
  '',
  '  return unsubscribe;',
  '}',
  '',
].join('\n');

/** BEFORE wrapped in an `if` (every line re-indented) with `timer = null;` added to the timeout callback (line 6). */
const AFTER = [
  'export function compose(signals, timeout) {',
  '  if (timeout || signals.length) {',
  ...BEFORE.split('\n')
    .slice(1, -2)
    .flatMap((line) => (line.includes('onabort(new Error') ? ['      timer = null;', `  ${line}`] : [line === '' ? '' : `  ${line}`])),
  '  }',
  '}',
  '',
].join('\n');

describe('findMovedBlocks', () => {
  describe('when a block is re-indented and a line is added inside it', () => {
    it('claims no block that spans the added line, even where git pairs that line with an unchanged one elsewhere', () => {
      const diff = gitDiff(BEFORE, AFTER);
      // The shape reported on axios df9889b8: git keeps `timer = null;` as an unchanged line, moved up into the callback.
      expect(diff).toContain('\n       timer = null;\n');
      const blocks = findMovedBlocks(parseDiff(diff));
      expect(blocks.every((b) => isExact(b, BEFORE, AFTER))).toBe(true);
      expect(blocks.filter((b) => b.to.startLine <= 6 && 6 <= b.to.endLine)).toEqual([]);
      // Git pairs the old `timer = null;` with the new line 6, so the new line 13 has no old partner: it splits the block.
      expect(blocks.map((b) => [b.reindented, b.to.startLine, b.to.endLine])).toEqual([
        [true, 7, 12],
        [true, 14, 19],
      ]);
    });

    it('claims no block that spans a line git shows as added', () => {
      const after = AFTER.replace('      timer = null;\n', '      cleared = true;\n');
      const blocks = findMovedBlocks(parseDiff(gitDiff(BEFORE, after)));
      expect(blocks.every((b) => isExact(b, BEFORE, after))).toBe(true);
      expect(blocks.filter((b) => b.to.startLine <= 6 && 6 <= b.to.endLine)).toEqual([]);
    });
  });

  it('still reports a block re-indented whole', () => {
    const after = AFTER.replace('      timer = null;\n', '');
    expect(findMovedBlocks(parseDiff(gitDiff(BEFORE, after)))).toEqual([
      expect.objectContaining({ reindented: true, lines: 13, to: { path: 'a.js', startLine: 3, endLine: 18 } }),
    ]);
  });

  it('claims only blocks whose lines are the same at base and head, whitespace aside, for any edit', () => {
    const line = fc.constantFrom('alpha();', 'beta(one, two);', 'gamma = delta + 1;', 'if (ready) {', '}', 'return value;', '');
    const source = fc.array(line, { minLength: 5, maxLength: 30 });
    const edit = fc.record({
      indent: fc.constantFrom('', '  ', '\t'),
      from: fc.nat(),
      length: fc.nat({ max: 20 }),
      insert: fc.array(fc.tuple(fc.nat(), line), { maxLength: 3 }),
      remove: fc.array(fc.nat(), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(source, edit, (lines, { indent, from, length, insert, remove }) => {
        const start = from % lines.length;
        const after = lines.map((text, k) => (k >= start && k < start + length && text !== '' ? `${indent}${text}` : text));
        for (const at of remove) after.splice(at % after.length, 1);
        for (const [at, text] of insert) after.splice(at % (after.length + 1), 0, text);
        const [before, changed] = [`${lines.join('\n')}\n`, `${after.join('\n')}\n`];
        const blocks = findMovedBlocks(parseDiff(createTwoFilesPatch('a/a.js', 'b/a.js', before, changed)));
        return blocks.every((b) => isExact(b, before, changed));
      }),
      { numRuns: 300 },
    );
  });
});
