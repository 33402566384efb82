import type { CodeIndex } from '../../code-index/code-index.js';
import type { AstGrepRule } from './ast-grep-rule.js';
import { parseRuleFile } from './parse-rule-file.js';
import type { RuleProblem } from './rule-problem.js';

/** Where a repository keeps its rules: one or more rules per file, in ast-grep's YAML. */
export const RULES_FOLDER = '.github/nanodex/rules/';
/** Files read from the folder, by path; a repository with more is told so. */
export const MAX_RULE_FILES = 50;
/** A rule file larger than this is not read (fifty rules fit in a few kilobytes). */
export const MAX_RULE_FILE_BYTES = 64 * 1024;

/**
 * The repository's own rules: `.github/nanodex/rules/*.yml` (or `.yaml`) as
 * the index lists them, read through the review's RepoSource. Nothing here
 * throws: a file too large, unreadable or wrong becomes a problem naming
 * the file (and the rule), and the other rules still run.
 */
export async function readRepositoryRules(
  index: CodeIndex,
  readFile: (path: string) => Promise<string>,
): Promise<{ rules: AstGrepRule[]; problems: RuleProblem[] }> {
  const paths = index
    .listFiles()
    .map((f) => f.path)
    .filter((p) => p.startsWith(RULES_FOLDER) && /^[^/]+\.ya?ml$/.test(p.slice(RULES_FOLDER.length)))
    .sort();
  const rules: AstGrepRule[] = [];
  const problems: RuleProblem[] = [];
  if (paths.length > MAX_RULE_FILES) {
    problems.push({
      path: RULES_FOLDER,
      message: `there are ${paths.length} rule files; only the first ${MAX_RULE_FILES} by path are read`,
      fix: 'put several rules in one file, separated by "---" lines',
    });
  }
  const ids = new Map<string, string>();
  for (const path of paths.slice(0, MAX_RULE_FILES)) {
    const size = index.getFile(path)?.size ?? 0;
    if (size > MAX_RULE_FILE_BYTES) {
      problems.push({
        path,
        message: `the file is ${size} bytes, over the ${MAX_RULE_FILE_BYTES}-byte limit`,
        fix: 'split it into smaller files',
      });
      continue;
    }
    let text: string;
    try {
      text = await readFile(path);
    } catch (error) {
      problems.push({
        path,
        message: `could not be read (${error instanceof Error ? error.message : String(error)})`,
        fix: 'check the file is UTF-8 text',
      });
      continue;
    }
    const parsed = parseRuleFile(path, text);
    problems.push(...parsed.problems);
    for (const rule of parsed.rules) {
      const other = ids.get(rule.id);
      if (other !== undefined) {
        problems.push({ path, ruleId: rule.id, message: `the id is already used by a rule in ${other}`, fix: 'give each rule its own id' });
        continue;
      }
      ids.set(rule.id, path);
      rules.push(rule);
    }
  }
  return { rules, problems };
}
