import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS } from '../../../../src/core/config/repo-config.js';
import { BUILT_IN_RULES } from '../../../../src/core/review/rules/built-in-rules.js';
import { findRuleFindings } from '../../../../src/core/review/rules/find-rule-findings.js';
import { compileRule } from '../../../../src/core/review/rules/parse-rule-file.js';
import { changedFile } from './changed-file.js';

/** Every line is added: what each built-in rule says about a whole new file. */
async function findingsIn(path: string, text: string, settings = DEFAULT_REVIEW_SETTINGS) {
  const lines = text.split('\n').map((_, i) => i + 1);
  const { findings } = await findRuleFindings({
    files: [changedFile(path, text, lines)],
    rules: BUILT_IN_RULES,
    readHead: async () => text,
    settings,
  });
  return findings.map((f) => [f.rule, f.line, f.suggestion]);
}

describe('the built-in rules', () => {
  it('all compile in ast-grep', () => {
    expect(BUILT_IN_RULES.map((r) => compileRule(r.language, r)).filter((e) => e !== undefined)).toEqual([]);
  });

  it('unfocus a focused test in TypeScript and JavaScript, and leave breakpoints to the risk rule', async () => {
    const text = 'describe.only("x", () => {\n  it.only("y", () => {\n    debugger;\n  });\n  it("z", () => only.only(1));\n});';

    expect(await findingsIn('src/a.test.ts', text)).toEqual([
      ['rule:js-focused-test', 1, 'describe("x", () => {'],
      ['rule:js-focused-test', 2, '  it("y", () => {'],
    ]);
    expect(await findingsIn('lib/a.js', 'function f() {\n  debugger;\n}')).toEqual([]);
  });

  it('flag a bare except that swallows and a mutable default in Python, and not a bare except that re-raises', async () => {
    const text = [
      'def f(a, b=[], c: dict = {}, d=None, e=()):',
      '    try:',
      '        breakpoint()',
      '    except:',
      '        return None',
      '    try:',
      '        g()',
      '    except:',
      '        cleanup()',
      '        raise',
    ].join('\n');

    expect(await findingsIn('pkg/m.py', text)).toEqual([
      ['rule:py-mutable-default', 1, undefined],
      ['rule:py-bare-except', 4, undefined],
    ]);
  });

  it('ask about a defer in a Go loop, not one in a function literal there, and not in tests', async () => {
    const text = 'package a\n\nfunc f(fs []F) {\n\tfor _, f := range fs {\n\t\tdefer f.Close()\n\t\tgo func() { defer done() }()\n\t}\n}';

    expect(await findingsIn('a.go', text)).toEqual([['rule:go-defer-in-loop', 5, undefined]]);
    expect(await findingsIn('a_test.go', text)).toEqual([]);
  });

  it('are switched off by review.rules.disable and per path', async () => {
    const text = 'it.only("x", () => 1);';

    expect(await findingsIn('a.js', text, { ...DEFAULT_REVIEW_SETTINGS, rules: { enable: [], disable: ['js-focused-test'] } })).toEqual([]);
    const perPath = {
      ...DEFAULT_REVIEW_SETTINGS,
      paths: [{ path: 'scripts/', rules: { enable: [], disable: ['rule:js-focused-test'] } }],
    };
    expect(await findingsIn('scripts/a.js', text, perPath)).toEqual([]);
    expect(await findingsIn('src/a.js', text, perPath)).toHaveLength(1);
  });
});
