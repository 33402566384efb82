import type { AstGrepRule, RuleLanguage } from './ast-grep-rule.js';

type BuiltIn = Omit<AstGrepRule, 'language' | 'source'>;

const JAVASCRIPT_FAMILY: RuleLanguage[] = ['TypeScript', 'Tsx', 'JavaScript'];

/** One rule for each of ast-grep's three JavaScript grammars (TypeScript, TSX, JavaScript). */
function forJavaScript(rule: BuiltIn): AstGrepRule[] {
  return JAVASCRIPT_FAMILY.map((language) => ({ ...rule, language, source: 'built-in' }));
}

function forLanguage(language: RuleLanguage, rule: BuiltIn): AstGrepRule[] {
  return [{ ...rule, language, source: 'built-in' }];
}

/** Test runners' focus and skip helpers: `.only` makes CI run one test and pass. */
const FOCUSED = '^(describe|it|test|context|suite|specify)$';

/**
 * The built-in pack: rules whose match is wrong wherever it is added, kept
 * only after raising no false finding on the changed lines of real merged
 * commits (docs/reviews.md, "Built-in rules", has the counts). Each is
 * switched off with `review.rules.disable` or per path with
 * `review.paths[].rules`; ids are the finding's rule without `rule:`.
 * Breakpoints (`debugger;`, `breakpoint()`, `pdb.set_trace()`) are the
 * risk rule `debugger` (risk-rules.ts), which needs no native module: one
 * comment per breakpoint, never two.
 */
export const BUILT_IN_RULES: AstGrepRule[] = [
  ...forJavaScript({
    id: 'js-focused-test',
    rule: { pattern: '$F.only', inside: { kind: 'call_expression', field: 'function', stopBy: 'neighbor' } },
    constraints: { F: { regex: FOCUSED } },
    message: 'A focused test (`.only`) was added: the runner skips every other test in the file, and CI still passes.',
    severity: 'error',
    fix: '$F',
  }),
  ...forLanguage('python', {
    id: 'py-bare-except',
    // A bare except that re-raises is cleanup, not a swallowed interrupt.
    rule: { kind: 'except_clause', regex: '^except\\s*:', not: { has: { kind: 'raise_statement', stopBy: 'end' } } },
    message:
      'A bare `except:` was added: it also catches KeyboardInterrupt and SystemExit. Catch `Exception` (or the errors you expect) instead.',
    severity: 'warning',
  }),
  ...forLanguage('python', {
    id: 'py-mutable-default',
    rule: {
      any: [{ kind: 'default_parameter' }, { kind: 'typed_default_parameter' }],
      has: { field: 'value', any: [{ kind: 'list' }, { kind: 'dictionary' }, { kind: 'set' }] },
    },
    message:
      'A mutable default argument was added: the list, dict or set is created once and shared by every call. Default to `None` and create it in the body.',
    severity: 'warning',
  }),
  ...forLanguage('go', {
    id: 'go-defer-in-loop',
    rule: {
      kind: 'defer_statement',
      inside: {
        kind: 'for_statement',
        stopBy: { any: [{ kind: 'func_literal' }, { kind: 'function_declaration' }, { kind: 'method_declaration' }] },
      },
    },
    message:
      'A `defer` inside a loop was added: it runs when the function returns, not at the end of each iteration, so resources pile up until then.',
    severity: 'check',
    // A test that starts a few servers in a loop and closes them at its end is fine (measured on chi).
    ignores: ['*_test.go'],
  }),
];
