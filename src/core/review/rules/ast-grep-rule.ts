import type { FindingSeverity } from '../findings/review-finding.js';

/**
 * A rule in ast-grep's own YAML format (https://ast-grep.github.io/reference/yaml.html),
 * after parseRuleFile checked it: `rule`, `constraints` and `utils` are
 * handed to ast-grep as written (it reports what it does not accept).
 */
export interface AstGrepRule {
  id: string;
  /** The language as ast-grep names it, normalised: `TypeScript`, `Tsx`, `JavaScript`, `python`, `go`. */
  language: RuleLanguage;
  rule: Record<string, unknown>;
  constraints?: Record<string, unknown>;
  utils?: Record<string, unknown>;
  message: string;
  note?: string;
  severity: FindingSeverity;
  /** The replacement for the matched code; `$NAME` and `$$$NAME` are the metavariables' matched text. */
  fix?: string;
  /** Gitignore-style patterns: only files matching one (default: every file of the language). */
  files?: string[];
  ignores?: string[];
  /** Where it came from: `built-in`, or the rule file's path. */
  source: string;
  /** Off until `review.rules.enable` names it (built-in rules that are useful but not quiet everywhere). */
  offByDefault?: boolean;
}

/** The languages rules run on: the three JavaScript grammars ast-grep builds in, and the Python and Go grammar packages. */
export type RuleLanguage = 'TypeScript' | 'Tsx' | 'JavaScript' | 'python' | 'go';

/** ast-grep's language names and aliases (case-insensitive), as its CLI accepts them. */
const LANGUAGE_NAMES: Record<string, RuleLanguage> = {
  typescript: 'TypeScript',
  ts: 'TypeScript',
  tsx: 'Tsx',
  javascript: 'JavaScript',
  js: 'JavaScript',
  jsx: 'JavaScript',
  python: 'python',
  py: 'python',
  go: 'go',
  golang: 'go',
};

export function parseRuleLanguage(name: string): RuleLanguage | undefined {
  return LANGUAGE_NAMES[name.toLowerCase()];
}

/** The language ast-grep parses a file as, by extension (as ast-grep maps them); undefined for a file no rule reads. */
export function findRuleLanguage(path: string): RuleLanguage | undefined {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  switch (ext) {
    case 'ts':
    case 'mts':
    case 'cts':
      return 'TypeScript';
    case 'tsx':
      return 'Tsx';
    case 'js':
    case 'mjs':
    case 'cjs':
    case 'jsx':
      return 'JavaScript';
    case 'py':
    case 'pyi':
      return 'python';
    case 'go':
      return 'go';
    default:
      return undefined;
  }
}

/** ast-grep's severities: `error` and `warning` keep their names; `info` and `hint` (its default) ask a question; `off` drops the rule. */
export const RULE_SEVERITIES: Record<string, FindingSeverity | 'off'> = {
  error: 'error',
  warning: 'warning',
  info: 'check',
  hint: 'check',
  off: 'off',
};
