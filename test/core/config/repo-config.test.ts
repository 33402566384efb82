import { describe, expect, it } from 'vitest';
import { DEFAULT_REPO_CONFIG, MAX_CONFIG_BYTES, parseRepoConfig, renderConfigProblems } from '../../../src/core/config/repo-config.js';

function problemsOf(text: string) {
  const parsed = parseRepoConfig(text);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems;
}

describe('parseRepoConfig', () => {
  describe('when the file is absent or empty', () => {
    it('returns the defaults', () => {
      expect(parseRepoConfig(undefined)).toEqual({ ok: true, config: DEFAULT_REPO_CONFIG });
      expect(parseRepoConfig('  \n# only a comment\n')).toEqual({ ok: true, config: DEFAULT_REPO_CONFIG });
    });

    it('hands out a copy the caller may change without touching the defaults', () => {
      const parsed = parseRepoConfig(undefined);
      if (!parsed.ok) throw new Error('expected defaults');
      parsed.config.review.include.push('x');
      expect(DEFAULT_REPO_CONFIG.review.include).toEqual(['**']);
    });
  });

  describe('when the file sets some keys', () => {
    it('fills in every other default', () => {
      const parsed = parseRepoConfig(
        'review:\n  exclude: ["dist/", "*.lock"]\nbudget:\n  rounds: 3\naccess:\n  readOnlyForEveryone: true\n',
      );
      expect(parsed).toEqual({
        ok: true,
        config: {
          ...DEFAULT_REPO_CONFIG,
          review: { ...DEFAULT_REPO_CONFIG.review, exclude: ['dist/', '*.lock'] },
          budget: { rounds: 3 },
          access: { readOnlyForEveryone: true, explainRefusals: true },
        },
      });
    });
  });

  describe('when the file has several mistakes', () => {
    const text = [
      'review:',
      '  auto: yes',
      '  include:',
      '    - src/',
      '    - ""',
      '    - 3',
      'acess:',
      '  readOnlyForEveryone: true',
      'budget:',
      '  rounds: 99',
      '  files: 2.5',
      'index:',
      '  max_tarball_bytes: 10',
    ].join('\n');

    it('reports every problem at once, with its path, line and fix', () => {
      expect(problemsOf(text)).toEqual([
        { path: 'review.auto', line: 2, message: 'expected true or false, got "yes"', fix: expect.stringContaining('write true or false') },
        { path: 'review.include[1]', line: 5, message: 'the text is empty', fix: 'write a pattern, or delete the item' },
        { path: 'review.include[2]', line: 6, message: 'expected a string, got 3', fix: 'write a string' },
        { path: 'budget.rounds', line: 10, message: '99 is above the maximum 10', fix: 'use at most 10' },
        { path: 'budget.files', line: 11, message: 'expected a whole number, got 2.5', fix: expect.any(String) },
        {
          path: 'index.max_tarball_bytes',
          line: 13,
          message: 'unknown setting "max_tarball_bytes"',
          fix: 'did you mean "maxTarballBytes"? (keys are case-sensitive)',
        },
        { path: 'acess', line: 7, message: 'unknown setting "acess"', fix: 'did you mean "access"? (keys are case-sensitive)' },
      ]);
    });

    it('renders them as a reply that says where, what and how to fix', () => {
      expect(renderConfigProblems(problemsOf(text).slice(0, 2), '.github/nanodex.yml')).toMatchInlineSnapshot(`
        "**nanodex cannot use \`.github/nanodex.yml\`**: 2 problems to fix. Nothing was run; fix the file on the default branch and ask again.

        - \`review.auto\`, line 2: expected true or false, got "yes". Fix: write true or false, without quotes (yes/no/on/off are read as text).
        - \`review.include[1]\`, line 5: the text is empty. Fix: write a pattern, or delete the item.

        <sub>Every setting, its default and its range: \`schema/nanodex.schema.json\` in the nanodex repository.</sub>"
      `);
    });
  });

  // Found by npm run fuzz: a file of a thousand unknown keys rendered a reply over GitHub's 65,536-character limit.
  describe('when the file has very many or very long problems', () => {
    it('lists the first thirty, counts the rest, and clips what it quotes', () => {
      const text = Array.from({ length: 60 }, (_, i) => `unknown${i}${'x'.repeat(500)}: 1`).join('\n');
      const reply = renderConfigProblems(problemsOf(text), '.github/nanodex.yml');
      expect(reply).toContain('**nanodex cannot use `.github/nanodex.yml`**: 60 problems to fix.');
      expect(reply.match(/^- `unknown/gm)).toHaveLength(30);
      expect(reply).toContain('- …and 30 more problems; fix these and ask again to see them.');
      expect(reply.length).toBeLessThan(25_000);
      expect(reply).not.toContain('x'.repeat(300));
    });
  });

  describe('when a value would mention someone or inject Markdown', () => {
    it('escapes it in the reply', () => {
      const reply = renderConfigProblems(problemsOf('review:\n  auto: "@octocat <img src=x>"\n'), '.github/nanodex.yml');
      expect(reply).toContain('`@octocat`');
      expect(reply).not.toContain('<img');
    });
  });

  // Found by npm run fuzz: parsing grows with the square of the key count (10,000 keys took 1.3 s).
  describe('when the file is over 32 KB', () => {
    it('reports its size, the limit and the fix, and parses none of it', () => {
      const text = `review:\n  auto: maybe\n# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`;
      expect(problemsOf(text)).toEqual([
        {
          path: '',
          message: `.github/nanodex.yml is ${Buffer.byteLength(text).toLocaleString('en-US')} bytes, over the 32,768-byte (32 KB) limit for a settings file, so none of it was read`,
          fix: 'keep only the settings you change: every one has a default, and all of them written out come to under 1 KB (schema/nanodex.schema.json lists them)',
        },
      ]);
    });

    it('takes a file of exactly 32 KB', () => {
      const text = `review:\n  drafts: true\n#${'x'.repeat(MAX_CONFIG_BYTES - 'review:\n  drafts: true\n#\n'.length)}\n`;
      expect(Buffer.byteLength(text)).toBe(MAX_CONFIG_BYTES);
      expect(parseRepoConfig(text)).toMatchObject({ ok: true, config: { review: { drafts: true } } });
    });
  });

  describe('when the YAML itself is unsafe or broken', () => {
    it('refuses explicit tags', () => {
      expect(problemsOf('review:\n  auto: !!bool true\n')).toEqual([
        expect.objectContaining({ path: 'review.auto', line: 2, message: expect.stringContaining('!!bool') }),
      ]);
    });

    it('refuses a key set twice', () => {
      expect(problemsOf('review:\n  auto: true\n  auto: false\n')).toEqual([
        expect.objectContaining({ line: 3, message: expect.stringContaining('set twice') }),
      ]);
    });

    it('refuses an alias bomb', () => {
      const bomb = [
        'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
        ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(',')}]`),
      ].join('\n');
      expect(problemsOf(bomb)[0]?.message).toMatch(/anchors and aliases in .* expand too far/);
    });

    it('reports a syntax error with its line', () => {
      expect(problemsOf('review:\n  auto: true\n   drafts: [\n')[0]).toEqual(
        expect.objectContaining({ path: '', line: expect.any(Number), message: expect.stringContaining('not valid YAML') }),
      );
    });

    it('refuses a file that is a list', () => {
      expect(problemsOf('- review\n')[0]?.message).toMatch(/must be a mapping/);
    });
  });
});
