import fc from 'fast-check';
import { stringify } from 'yaml';
import { findRuleFindings } from '../../src/core/review/rules/find-rule-findings.js';
import { parseRuleFile } from '../../src/core/review/rules/parse-rule-file.js';
import { renderRuleProblem } from '../../src/core/review/rules/rule-problem.js';
import { hostileJson, hostileString, pieceText } from './hostile-text.js';
import type { FuzzTarget, Verdict } from './run-target.js';

const FILE = '.github/nanodex/rules/fuzz.yml';
const SOURCE = 'function f(a) {\n  debugger;\n  return eval(a) + g(1, 2);\n}\n';

/** Pieces of ast-grep rule YAML: keys, rule operators, metavariables, and YAML that is not "key: value". */
const RULE_PIECES = [
  'id: r\n',
  'language: ',
  'JavaScript\n',
  'python\n',
  'rule:\n',
  '  pattern: ',
  '  kind: ',
  '  regex: ',
  '  has:\n    ',
  '  inside:\n    ',
  '  not:\n    ',
  '  any:\n    - ',
  '  all:\n    - ',
  '  stopBy: end\n',
  'constraints:\n  A:\n    regex: ',
  'utils:\n  u:\n    kind: ',
  'fix: ',
  'severity: ',
  'message: ',
  'files: [',
  'transform: {}\n',
  'eval($A)',
  '$$$ARGS',
  '$A',
  'debugger_statement',
  'call_expression',
  '(',
  '[',
  '{',
  '\\',
  '.*',
  '---\n',
  '\n',
  ': ',
  '- ',
  '&a ',
  '*a',
  '!!str ',
  '"',
];

const ruleObject = fc.record(
  {
    id: fc.oneof(fc.constantFrom('r', 'no-eval', ''), hostileString),
    language: fc.oneof(fc.constantFrom('JavaScript', 'ts', 'py', 'go', 'cobol'), hostileString),
    rule: fc.oneof(
      fc.record({ pattern: fc.oneof(fc.constantFrom('eval($A)', 'g($$$ARGS)', '$A', ''), hostileString) }, { requiredKeys: [] }),
      fc.record({ kind: fc.oneof(fc.constantFrom('debugger_statement', 'nope'), hostileString) }),
      fc.record({ regex: fc.oneof(fc.constantFrom('(', '.*', 'a{99999}'), hostileString) }),
      hostileJson,
    ),
    fix: fc.oneof(fc.constantFrom('$A', '$$$ARGS', '', '$$$'), hostileString),
    severity: fc.oneof(fc.constantFrom('error', 'warning', 'info', 'hint', 'off'), hostileString),
  },
  { requiredKeys: [] },
);

const ruleText = fc.oneof(
  { arbitrary: ruleObject.map((value) => stringify(value)), weight: 4 },
  { arbitrary: pieceText(RULE_PIECES, 30), weight: 4 },
  { arbitrary: hostileString, weight: 1 },
);

/**
 * A repository's rule file is untrusted input: parsing it never throws,
 * every problem names the file, and a rule it accepts runs on a changed
 * file without throwing.
 */
export const ruleFileTarget: FuzzTarget<string> = {
  name: 'rules: parseRuleFile and findRuleFindings (ast-grep YAML)',
  runs: 1_000,
  arbitrary: ruleText,
  check: async (text): Promise<Verdict | undefined> => {
    const { rules, problems } = parseRuleFile(FILE, text);
    if (problems.some((p) => !renderRuleProblem(p).startsWith(FILE) || p.message === ''))
      return { violation: 'a problem without its file' };
    if (rules.length === 0) return undefined;
    const lines = SOURCE.split('\n').map((_, i) => i + 1);
    await findRuleFindings({
      files: [
        {
          path: 'a.js',
          status: 'added',
          binary: false,
          additions: lines.length,
          deletions: 0,
          hunks: [
            {
              oldStart: 0,
              oldLines: 0,
              newStart: 1,
              newLines: lines.length,
              header: '',
              lines: SOURCE.split('\n').map((t, i) => ({ kind: 'add', text: t, newLine: i + 1 })),
            },
          ],
        },
      ],
      rules,
      readHead: async () => SOURCE,
    });
    return { accepted: true };
  },
};
