import { describe, expect, it } from 'vitest';
import { verifyCitations } from '../../../src/core/render/verify-citations.js';

const sha = 'a'.repeat(40);
const tree = {
  sha,
  htmlUrl: 'https://github.com/o/r',
  lineCount: (path: string) => (({ 'src/app.ts': 40, 'docs/a b.md': 5 }) as Record<string, number>)[path],
};
const url = (path: string, lines: string, at = sha) => `https://github.com/o/r/blob/${at}/${path}#${lines}`;

describe('verifyCitations', () => {
  it("keeps permalinks to lines that exist at the tree's commit", () => {
    const text = `See [src/app.ts#L3-L9](${url('src/app.ts', 'L3-L9')}) and [doc](${url('docs/a%20b.md', 'L5')}).`;
    expect(verifyCitations(text, tree)).toMatchObject({ text, kept: 2, removed: 0 });
  });

  it('removes the link of a citation past the end of the file, to a missing file, or at another commit, and counts them', () => {
    const text = [
      `[src/app.ts#L38-L41](${url('src/app.ts', 'L38-L41')})`,
      `[gone](${url('src/gone.ts', 'L1')})`,
      `[old](${url('src/app.ts', 'L1', 'b'.repeat(40))})`,
      '[up](../../etc/passwd#L1)',
    ].join(' ');
    const checked = verifyCitations(text, tree);
    expect(checked.text).toBe('src/app.ts gone old up');
    expect(checked.removed).toBe(4);
    expect(checked.problems).toEqual([
      'src/app.ts#L38-L41: outside its 40 lines',
      'src/gone.ts: not in the tree',
      `src/app.ts: links ${'b'.repeat(40)}, not the commit ${'a'.repeat(12)}`,
      '../../etc/passwd: not a repository path',
    ]);
  });

  it('checks bare path#Lx-Ly mentions a model writes, and leaves ordinary links and code alone', () => {
    const text = 'In src/app.ts#L2-L4 and src/nope.ts#L1, see [docs](https://example.com/x#L1). `src/nope.ts#L9`';
    const checked = verifyCitations(text, tree);
    expect(checked.text).toBe('In src/app.ts#L2-L4 and src/nope.ts, see [docs](https://example.com/x#L1). `src/nope.ts#L9`');
    expect([checked.kept, checked.removed]).toEqual([1, 1]);
  });

  it('accepts relative links when there is no GitHub remote', () => {
    expect(verifyCitations('[x](src/app.ts#L1-L2)', tree).kept).toBe(1);
  });
});

describe('verifyCitations on other forms of a GitHub line link', () => {
  it('removes links to a branch, to another repository, and bare or autolinked or referenced URLs that do not resolve', () => {
    const text = [
      `[main](https://github.com/o/r/blob/main/src/app.ts#L1-L3)`,
      `[other](https://github.com/x/y/blob/${sha}/src/app.ts#L1)`,
      `see https://github.com/o/r/blob/${sha}/src/nope.ts#L1-L9 and <https://github.com/o/r/blob/${sha}/src/app.ts?plain=1#L99C2-L120C3>`,
      `[ref]: https://github.com/o/r/blob/main/src/app.ts#L1`,
    ].join('\n');
    const checked = verifyCitations(text, tree);
    expect(checked.text).toBe('main\nother\nsee src/nope.ts and src/app.ts\n[ref]: src/app.ts');
    expect(checked.removed).toBe(5);
  });

  it('keeps bare and autolinked permalinks that resolve, columns and plain=1 included', () => {
    const text = `at https://github.com/o/r/blob/${sha}/src/app.ts?plain=1#L2C1-L4C9 and <https://github.com/o/r/blob/${sha}/src/app.ts#L5>`;
    expect(verifyCitations(text, tree)).toMatchObject({ text, kept: 2, removed: 0 });
  });
});
