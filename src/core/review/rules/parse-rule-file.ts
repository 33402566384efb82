import type { NapiConfig } from '@ast-grep/napi';
import { z } from 'zod';
import { parseConfigYaml } from '../../config/parse-config-yaml.js';
import { toConfigProblems } from '../../config/to-config-problems.js';
import { parseRuleLanguage, RULE_SEVERITIES, type AstGrepRule } from './ast-grep-rule.js';
import { loadAstGrep, toNapiLanguage } from './load-ast-grep.js';
import type { RuleProblem } from './rule-problem.js';

/** Rules in one file (ast-grep separates them with `---`); more is a file nobody reviews. */
export const MAX_RULES_PER_FILE = 50;

const RULE_ID = /^[A-Za-z0-9][\w.:/-]{0,99}$/;

const ruleSchema = z.strictObject({
  id: z.string().regex(RULE_ID, 'a rule id: letters, digits and . _ : / - (at most 100)'),
  language: z.string().min(1),
  rule: z.record(z.string(), z.unknown()),
  constraints: z.record(z.string(), z.unknown()).optional(),
  utils: z.record(z.string(), z.unknown()).optional(),
  message: z.string().max(2000).optional(),
  note: z.string().max(4000).optional(),
  severity: z.enum(Object.keys(RULE_SEVERITIES) as [string, ...string[]]).default('hint'),
  fix: z.string().max(4000).optional(),
  files: z.array(z.string().min(1)).max(100).optional(),
  ignores: z.array(z.string().min(1)).max(100).optional(),
  // ast-grep's keys for its own tools: accepted and not used.
  url: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const REQUIRED: Record<string, string> = {
  id: 'add "id: a-name" (the finding is reported as rule:a-name)',
  language: 'add "language: TypeScript" (or Tsx, JavaScript, Python, Go)',
  rule: 'add "rule:" with what to match, e.g. "pattern: eval($CODE)" or "kind: debugger_statement"',
};

const UNSUPPORTED: Record<string, string> = {
  transform: 'write the replacement with the metavariables as matched ($NAME, $$$ARGS)',
  rewriters: 'write the replacement with the metavariables as matched ($NAME, $$$ARGS)',
  labels: 'remove it; the finding points at the whole match',
};

/**
 * The rules of one `.github/nanodex/rules/*.yml` file: safe YAML (no tags,
 * unique keys), each `---` document one rule in ast-grep's format, its
 * `rule`, `constraints` and `utils` compiled by ast-grep itself so a wrong
 * kind, regex or key is reported here, with the file, the line and the
 * rule id, rather than when the review runs. A bad rule leaves out that
 * rule only.
 */
export function parseRuleFile(path: string, text: string): { rules: AstGrepRule[]; problems: RuleProblem[] } {
  const rules: AstGrepRule[] = [];
  const problems: RuleProblem[] = [];
  const documents = splitDocuments(text).filter((d) => d.text.trim() !== '');
  if (documents.length > MAX_RULES_PER_FILE) {
    problems.push({
      path,
      message: `the file has ${documents.length} rules; only the first ${MAX_RULES_PER_FILE} are read`,
      fix: 'split the rules into several files',
    });
  }
  const seen = new Set<string>();
  for (const doc of documents.slice(0, MAX_RULES_PER_FILE)) {
    const parsed = parseRuleDocument(path, doc.text);
    for (const problem of parsed.problems) {
      problems.push({ ...problem, ...(problem.line !== undefined ? { line: problem.line + doc.firstLine - 1 } : {}) });
    }
    if (parsed.rule === undefined) continue;
    if (seen.has(parsed.rule.id)) {
      problems.push({
        path,
        line: doc.firstLine,
        ruleId: parsed.rule.id,
        message: 'the id is used twice in this file',
        fix: 'give each rule its own id',
      });
      continue;
    }
    seen.add(parsed.rule.id);
    rules.push(parsed.rule);
  }
  return { rules, problems };
}

function parseRuleDocument(path: string, text: string): { rule?: AstGrepRule; problems: RuleProblem[] } {
  const yaml = parseConfigYaml(text, path);
  if (!yaml.ok) return { problems: yaml.problems.map((p) => ({ path, line: p.line, message: p.message, fix: p.fix })) };
  const data = (yaml.data ?? {}) as Record<string, unknown>;
  const ruleId = typeof data.id === 'string' ? data.id : undefined;
  const at = (message: string, fix: string, key?: string): RuleProblem => ({
    path,
    line: key === undefined ? 1 : yaml.lineOf([key]),
    ...(ruleId !== undefined ? { ruleId } : {}),
    message,
    fix,
  });
  const unsupported = Object.keys(UNSUPPORTED).filter((key) => key in data);
  if (unsupported.length > 0) {
    return { problems: unsupported.map((key) => at(`\`${key}\` is not supported by nanodex's rule runner`, UNSUPPORTED[key]!, key)) };
  }
  const missing = Object.keys(REQUIRED).filter((key) => data[key] === undefined || data[key] === null);
  if (missing.length > 0) return { problems: missing.map((key) => at(`the rule has no \`${key}\``, REQUIRED[key]!)) };
  const parsed = ruleSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const known = Object.keys(ruleSchema.shape);
    return {
      problems: toConfigProblems(parsed.error.issues, yaml.lineOf, (p) => (p.length === 0 ? known : [])).map((p) => ({
        path,
        line: p.line,
        ...(ruleId !== undefined ? { ruleId } : {}),
        message: p.path === '' || p.message.startsWith('unknown setting') ? p.message : `${p.path}: ${p.message}`,
        fix: p.fix,
      })),
    };
  }
  const value = parsed.data;
  const language = parseRuleLanguage(value.language);
  if (language === undefined) {
    return {
      problems: [
        at(
          `the language ${JSON.stringify(value.language)} is not one nanodex runs rules on`,
          'use TypeScript, Tsx, JavaScript, Python or Go',
          'language',
        ),
      ],
    };
  }
  const severity = RULE_SEVERITIES[value.severity]!;
  if (severity === 'off') return { problems: [] };
  const compiled = compileRule(language, { rule: value.rule, constraints: value.constraints, utils: value.utils });
  if (compiled !== undefined)
    return {
      problems: [at(`ast-grep cannot use the rule: ${compiled}`, 'correct the rule (ast-grep.github.io/reference/rule.html)', 'rule')],
    };
  return {
    problems: [],
    rule: {
      id: value.id,
      language,
      rule: value.rule,
      ...(value.constraints ? { constraints: value.constraints } : {}),
      ...(value.utils ? { utils: value.utils } : {}),
      message: value.message ?? value.note?.split('\n')[0] ?? `matches the rule ${value.id}`,
      ...(value.note !== undefined ? { note: value.note } : {}),
      severity,
      ...(value.fix !== undefined ? { fix: value.fix } : {}),
      ...(value.files ? { files: value.files } : {}),
      ...(value.ignores ? { ignores: value.ignores } : {}),
      source: path,
    },
  };
}

/** ast-grep's complaint about a rule, in one line, or undefined when it compiles. */
export function compileRule(
  language: AstGrepRule['language'],
  config: { rule: unknown; constraints?: unknown; utils?: unknown },
): string | undefined {
  const napi = loadAstGrep();
  try {
    napi
      .parse(toNapiLanguage(napi, language), '')
      .root()
      .findAll(config as NapiConfig);
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error))
      .split('\n')
      .map((line) =>
        line
          .replace(/^\s*\|->/, '')
          .trim()
          .replace(/\.$/, ''),
      )
      .filter((line) => line !== '' && !/^`rule` is not configured correctly$/.test(line))
      .join('; ')
      .slice(0, 500);
  }
}

/** ast-grep's `---` separated documents, each with the line it starts on. */
function splitDocuments(text: string): { text: string; firstLine: number }[] {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const out: { text: string; firstLine: number }[] = [];
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i === lines.length || /^---[ \t]*\r?$/.test(lines[i]!)) {
      out.push({ text: lines.slice(start, i).join('\n'), firstLine: start + 1 });
      start = i + 1;
    }
  }
  return out;
}
