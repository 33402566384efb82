import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from '../../../../src/core/config/repo-config.js';
import { findRuleFindings } from '../../../../src/core/review/rules/find-rule-findings.js';
import { parseRuleFile } from '../../../../src/core/review/rules/parse-rule-file.js';
import { changedFile } from './changed-file.js';

const RULES = parseRuleFile(
  '.github/nanodex/rules/no-eval.yml',
  'id: no-eval\nlanguage: JavaScript\nrule:\n  pattern: eval($CODE)\nmessage: eval runs any string as code\nseverity: error\nfix: JSON.parse($CODE)\n',
).rules;

const SOURCE = [
  'export function run(input) {',
  '  return eval(input);',
  '}',
  'export function again(text) {',
  '  return eval(text) + 1;',
  '}',
].join('\n');

async function review(text: string, added: number[], options: { rules?: typeof RULES; settings?: ReviewSettings; path?: string } = {}) {
  const path = options.path ?? 'src/app.js';
  return findRuleFindings({
    files: [changedFile(path, text, added)],
    rules: options.rules ?? RULES,
    readHead: async () => text,
    settings: options.settings,
  });
}

describe('findRuleFindings', () => {
  it('reports a match on an added line and not the same code on an unchanged line', async () => {
    const { findings } = await review(SOURCE, [4, 5, 6]);

    expect(findings).toEqual([
      {
        rule: 'rule:no-eval',
        severity: 'error',
        path: 'src/app.js',
        line: 5,
        message: 'eval runs any string as code',
        evidence: [{ label: 'match', path: 'src/app.js', startLine: 5, code: '  return eval(text) + 1;' }],
        suggestion: '  return JSON.parse(text) + 1;',
      },
    ]);
  });

  it('fills `$$$` metavariables with the matched code as written, separators included', async () => {
    const rules = parseRuleFile(
      'r.yml',
      'id: log\nlanguage: ts\nrule: { pattern: "console.log($$$ARGS)" }\nfix: logger.debug($$$ARGS)\n',
    ).rules;

    const { findings } = await review('function f(a: number) {\n  console.log("a", a,  2);\n}\n', [2], { rules, path: 'src/f.ts' });

    expect(findings.map((f) => f.suggestion)).toEqual(['  logger.debug("a", a,  2);']);
  });

  it('spans a multi-line match with a fix and indents the fix as the match', async () => {
    const rules = parseRuleFile(
      'r.yml',
      'id: wrap\nlanguage: ts\nrule: { pattern: "setup($A)" }\nfix: |-\n  try {\n    setup($A)\n  } catch {}\n',
    ).rules;

    const { findings } = await review('if (x) {\n  setup(\n    1,\n  );\n}\n', [2, 3, 4], { rules, path: 'a.ts' });

    expect(findings[0]).toMatchObject({ startLine: 2, line: 4, suggestion: '  try {\n    setup(1)\n  } catch {};' });
  });

  it("reads a rule's files and ignores as gitignore-style patterns", async () => {
    const only = parseRuleFile('r.yml', 'id: e\nlanguage: js\nrule: { pattern: eval($A) }\nfiles: [lib/]\n').rules;
    const not = parseRuleFile('r.yml', 'id: e\nlanguage: js\nrule: { pattern: eval($A) }\nignores: ["*.test.js"]\n').rules;

    expect((await review(SOURCE, [5], { rules: only })).findings).toEqual([]);
    expect((await review(SOURCE, [5], { rules: only, path: 'lib/a.js' })).findings).toHaveLength(1);
    expect((await review(SOURCE, [5], { rules: not, path: 'lib/a.test.js' })).findings).toEqual([]);
  });

  it('runs a rule only on files of its language', async () => {
    expect((await review(SOURCE, [5], { path: 'src/app.ts' })).findings).toEqual([]);
  });

  describe('when the settings switch the rule', () => {
    const settings = (change: Partial<ReviewSettings>): ReviewSettings => ({ ...DEFAULT_REVIEW_SETTINGS, ...change });

    it('is silent when review.rules.disable names it, with or without its rule: prefix', async () => {
      for (const id of ['no-eval', 'rule:no-eval']) {
        expect((await review(SOURCE, [5], { settings: settings({ rules: { enable: [], disable: [id] } }) })).findings).toEqual([]);
      }
    });

    it('follows the last review.paths entry that matches the file', async () => {
      const paths = [
        { path: 'src/**', rules: { enable: [], disable: ['no-eval'] } },
        { path: 'src/app.js', rules: { enable: ['no-eval'], disable: [] } },
      ];

      expect((await review(SOURCE, [5], { settings: settings({ paths }) })).findings).toHaveLength(1);
      expect((await review(SOURCE, [5], { settings: settings({ paths }), path: 'src/other.js' })).findings).toEqual([]);
    });
  });
});
