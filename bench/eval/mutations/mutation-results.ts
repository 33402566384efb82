import type { ExpectedSite, MutationKind } from './inject-mutation.js';
import type { MutatedHead } from './mutate-commit.js';
import { isFound, scoreRules, type Finding, type RuleScore, type ScoredMutation } from './score-findings.js';

export interface ReviewRun {
  ok: boolean;
  error?: string;
  ms: number;
}

export interface HeadResult extends Omit<MutatedHead, 'mutation'> {
  kind: MutationKind;
  rule: string;
  target: { path: string; name: string; line: number };
  expected: Array<ExpectedSite & { found: boolean }>;
  review: ReviewRun;
  /** The review's walkthrough lists the mutated definition among the changed declarations. */
  walkthroughSaw: boolean;
  /** Findings this head raised that the untouched commit did not. */
  findings: Finding[];
}

export interface CommitResult {
  sha: string;
  subject: string;
  untouched: ReviewRun & { findings: Finding[] };
  heads: HeadResult[];
  skipped: Array<{ kind: MutationKind; reason: string }>;
}

export interface RepoResult {
  name: string;
  language: string;
  paths: string[];
  commits: CommitResult[];
  seconds: number;
}

/** `rule:<id>` findings (ast-grep rules) are scored as one row. */
export const toRuleRow = (rule: string) => (rule.startsWith('rule:') ? 'rule:*' : rule);

/** Per rule over every repository, or over the repositories given. */
export function scoreRepos(repos: RepoResult[], rules: string[]): RuleScore[] {
  const mutations: ScoredMutation[] = [];
  const untouched: Finding[][] = [];
  for (const repo of repos) {
    for (const c of repo.commits) {
      if (c.untouched.ok) untouched.push(c.untouched.findings.map((f) => ({ ...f, rule: toRuleRow(f.rule) })));
      for (const h of c.heads.filter((x) => x.review.ok && c.untouched.ok)) {
        mutations.push({
          kind: h.kind,
          rule: h.rule,
          language: repo.language,
          expected: h.expected,
          added: h.findings.map((f) => ({ ...f, rule: toRuleRow(f.rule) })),
        });
      }
    }
  }
  return scoreRules(rules, mutations, untouched);
}

/** Marks each expected site found or not (by a finding of the break's own rule). */
export function markFound(expected: ExpectedSite[], rule: string, findings: Finding[]): Array<ExpectedSite & { found: boolean }> {
  return expected.map((s) => ({ ...s, found: isFound(s, rule, findings) }));
}
