import { describe, expect, it } from 'vitest';
import { commonFolder } from '../../../src/core/diagram/folder-unit.js';

/** The plain version (split every path) that the fast one must equal. */
function referenceCommonFolder(paths: string[]): string {
  if (paths.length === 0) return '';
  let common = paths[0]!.split('/').slice(0, -1);
  for (const path of paths) {
    const folders = path.split('/').slice(0, -1);
    let i = 0;
    while (i < common.length && i < folders.length && common[i] === folders[i]) i += 1;
    common = common.slice(0, i);
  }
  return common.join('/');
}

describe('commonFolder', () => {
  it.each([
    [[], ''],
    [['a.ts'], ''],
    [['src/a.ts'], 'src'],
    [['src/x/a.ts', 'src/x/b.ts'], 'src/x'],
    [['src/x/a.ts', 'src/y/b.ts'], 'src'],
    [['src/x/a.ts', 'src/x'], 'src'],
    [['src/xy/a.ts', 'src/x/b.ts'], 'src'],
    [['lib/a.ts', 'src/b.ts'], ''],
  ])('finds the deepest folder holding %j: %j', (paths, expected) => {
    expect(commonFolder(paths)).toBe(expected);
  });

  it('equals the plain version on generated trees', () => {
    const names = ['a', 'b', 'ab', 'a.b', 'src'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % names.length;
    for (let trial = 0; trial < 500; trial += 1) {
      const paths = Array.from({ length: 1 + (trial % 6) }, () => Array.from({ length: 1 + next() }, () => names[next()]!).join('/'));
      expect(commonFolder(paths)).toBe(referenceCommonFolder(paths));
    }
  });
});
