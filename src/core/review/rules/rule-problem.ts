/** What is wrong with a rule file: the file, the line and rule when known, what, and how to fix it. */
export interface RuleProblem {
  path: string;
  line?: number;
  ruleId?: string;
  message: string;
  fix: string;
}

/** One line a maintainer can act on: `.github/nanodex/rules/a.yml line 4, rule no-eval: … Fix: …`. */
export function renderRuleProblem(problem: RuleProblem): string {
  const where = [
    problem.path,
    problem.line !== undefined ? ` line ${problem.line}` : '',
    problem.ruleId !== undefined ? `, rule ${problem.ruleId}` : '',
  ].join('');
  return `${where}: ${problem.message}. Fix: ${problem.fix}`;
}
