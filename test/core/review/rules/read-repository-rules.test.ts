import { describe, expect, it } from 'vitest';
import type { CodeIndex } from '../../../../src/core/code-index/code-index.js';
import { MAX_RULE_FILE_BYTES, MAX_RULE_FILES, readRepositoryRules } from '../../../../src/core/review/rules/read-repository-rules.js';
import { renderRuleProblem } from '../../../../src/core/review/rules/rule-problem.js';

const rule = (id: string) => `id: ${id}\nlanguage: go\nrule: { kind: defer_statement }\n`;

/** An index that lists these files (with their sizes) and nothing else. */
function indexOf(files: Record<string, string>, sizes: Record<string, number> = {}): CodeIndex {
  const listed = Object.keys(files).map((path) => ({ path, size: sizes[path] ?? files[path]!.length }));
  return { listFiles: () => listed, getFile: (path: string) => listed.find((f) => f.path === path) } as unknown as CodeIndex;
}

async function read(files: Record<string, string>, sizes?: Record<string, number>) {
  const { rules, problems } = await readRepositoryRules(indexOf(files, sizes), async (path) => {
    if (files[path] === undefined) throw new Error('gone');
    return files[path];
  });
  return { ids: rules.map((r) => r.id), problems: problems.map(renderRuleProblem) };
}

describe('readRepositoryRules', () => {
  it('reads the .yml and .yaml files directly in .github/nanodex/rules/, and nothing else', async () => {
    expect(
      await read({
        '.github/nanodex/rules/a.yml': rule('a'),
        '.github/nanodex/rules/b.yaml': rule('b'),
        '.github/nanodex/rules/old/c.yml': rule('c'),
        '.github/nanodex/rules/README.md': 'rules',
        'rules/d.yml': rule('d'),
      }),
    ).toEqual({ ids: ['a', 'b'], problems: [] });
  });

  it('says which file is too large, and still reads the others', async () => {
    const files = { '.github/nanodex/rules/a.yml': rule('a'), '.github/nanodex/rules/big.yml': rule('big') };

    expect(await read(files, { '.github/nanodex/rules/big.yml': MAX_RULE_FILE_BYTES + 1 })).toEqual({
      ids: ['a'],
      problems: [
        `.github/nanodex/rules/big.yml: the file is ${MAX_RULE_FILE_BYTES + 1} bytes, over the 65536-byte limit. Fix: split it into smaller files`,
      ],
    });
  });

  it('reads the first files by path when there are too many, and says so', async () => {
    const files = Object.fromEntries(
      Array.from({ length: MAX_RULE_FILES + 2 }, (_, i) => [`.github/nanodex/rules/r${String(i).padStart(3, '0')}.yml`, rule(`r${i}`)]),
    );

    const { ids, problems } = await read(files);

    expect(ids).toHaveLength(MAX_RULE_FILES);
    expect(problems).toEqual([
      expect.stringContaining(`there are ${MAX_RULE_FILES + 2} rule files; only the first ${MAX_RULE_FILES} by path are read`),
    ]);
  });

  it('reports an id two files share, keeping the first', async () => {
    expect(await read({ '.github/nanodex/rules/a.yml': rule('x'), '.github/nanodex/rules/b.yml': rule('x') })).toEqual({
      ids: ['x'],
      problems: [
        '.github/nanodex/rules/b.yml, rule x: the id is already used by a rule in .github/nanodex/rules/a.yml. Fix: give each rule its own id',
      ],
    });
  });
});
