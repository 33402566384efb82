import { describe, expect, it } from 'vitest';
import { parseRuleFile } from '../../../../src/core/review/rules/parse-rule-file.js';
import { renderRuleProblem } from '../../../../src/core/review/rules/rule-problem.js';

const FILE = '.github/nanodex/rules/api.yml';

describe('parseRuleFile', () => {
  it("reads each `---` document as one rule in ast-grep's format, mapping its severity", () => {
    const { rules, problems } = parseRuleFile(
      FILE,
      [
        'id: no-eval',
        'language: JavaScript',
        'rule:',
        '  pattern: eval($CODE)',
        'message: eval runs any string as code',
        'severity: error',
        'fix: JSON.parse($CODE)',
        'files: ["src/**"]',
        '---',
        'id: no-print',
        'language: py',
        'rule: { pattern: print($$$A) }',
        'severity: info',
        'note: use the logger',
      ].join('\n'),
    );

    expect(problems).toEqual([]);
    expect(rules.map((r) => [r.id, r.language, r.severity, r.fix, r.message])).toEqual([
      ['no-eval', 'JavaScript', 'error', 'JSON.parse($CODE)', 'eval runs any string as code'],
      ['no-print', 'python', 'check', undefined, 'use the logger'],
    ]);
  });

  it('leaves out a rule with `severity: off`', () => {
    expect(parseRuleFile(FILE, 'id: a\nlanguage: go\nrule: { kind: defer_statement }\nseverity: off\n')).toEqual({
      rules: [],
      problems: [],
    });
  });

  describe('when a rule is wrong', () => {
    const problemsOf = (text: string) => parseRuleFile(FILE, text).problems.map(renderRuleProblem);

    it("names the file, the line and the rule when ast-grep refuses the rule's kind", () => {
      const problems = problemsOf(
        'id: ok\nlanguage: go\nrule: { kind: defer_statement }\n---\nid: bad\nlanguage: go\nrule:\n  kind: no_such_kind\n',
      );

      expect(problems).toEqual([
        expect.stringMatching(
          /^\.github\/nanodex\/rules\/api\.yml line 7, rule bad: ast-grep cannot use the rule: .*Kind `no_such_kind` is invalid\. Fix: /,
        ),
      ]);
    });

    it('keeps the good rules of a file beside a bad one', () => {
      expect(
        parseRuleFile(
          FILE,
          'id: ok\nlanguage: go\nrule: { kind: defer_statement }\n---\nid: bad\nlanguage: go\nrule: { kind: nope }\n',
        ).rules.map((r) => r.id),
      ).toEqual(['ok']);
    });

    it('suggests the key a misspelt one was meant to be', () => {
      expect(problemsOf('id: a\nlanguage: go\nrule: { kind: defer_statement }\nmesage: hi\n')).toEqual([
        '.github/nanodex/rules/api.yml line 4, rule a: unknown setting "mesage". Fix: did you mean "message"? (keys are case-sensitive)',
      ]);
    });

    it('says which languages rules run on', () => {
      expect(problemsOf('id: a\nlanguage: cobol\nrule: { kind: x }\n')).toEqual([
        '.github/nanodex/rules/api.yml line 2, rule a: the language "cobol" is not one nanodex runs rules on. Fix: use TypeScript, Tsx, JavaScript, Python or Go',
      ]);
    });

    it('refuses keys of ast-grep it does not run, with what to write instead', () => {
      expect(problemsOf('id: a\nlanguage: go\nrule: { kind: call_expression }\ntransform: {}\n')[0]).toMatch(
        /line 4, rule a: `transform` is not supported .* Fix: write the replacement with the metavariables/,
      );
    });

    it('reports YAML it will not read (tags) and a rule without its required keys', () => {
      expect(problemsOf('id: !!str a\nlanguage: go\nrule: {}\n')[0]).toMatch(/the YAML tag !!str is not allowed/);
      expect(problemsOf('id: a\nlanguage: go\n')).toEqual([
        '.github/nanodex/rules/api.yml line 1, rule a: the rule has no `rule`. Fix: add "rule:" with what to match, e.g. "pattern: eval($CODE)" or "kind: debugger_statement"',
      ]);
    });

    it('reports an id used twice in one file', () => {
      expect(
        problemsOf('id: a\nlanguage: go\nrule: { kind: defer_statement }\n---\nid: a\nlanguage: go\nrule: { kind: defer_statement }\n'),
      ).toEqual(['.github/nanodex/rules/api.yml line 5, rule a: the id is used twice in this file. Fix: give each rule its own id']);
    });
  });
});
