import { MUTATION_KINDS, RULE_OF } from './inject-mutation.js';
import { scoreRepos, type RepoResult } from './mutation-results.js';
import type { RuleScore } from './score-findings.js';

const ratio = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const perCommit = (x: number | null) => (x === null ? '—' : x.toFixed(2));

/** The benchmark's tables in Markdown: per rule, per repository, the harness's own checks, and the commits used. */
export function renderMutationReport(repos: RepoResult[], rules: string[]): string {
  const scores = scoreRepos(repos, rules);
  const out: string[] = [];
  out.push(
    '| rule | breaks injected | required sites | found | recall | in evidence only | findings at injected sites | other findings (to read) | precision (lower bound) | findings per untouched commit |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const s of scores) {
    out.push(
      `| ${s.rule} | ${s.mutations} | ${s.requiredSites} | ${s.found} | ${ratio(s.recall)} | ${s.inEvidenceOnly} | ${s.matched} | ${s.candidates} | ${ratio(s.precision)} | ${perCommit(s.perUntouchedCommit)} |`,
    );
  }
  const silent = scores.filter((s) => s.matched + s.candidates === 0).map((s) => s.rule);
  if (silent.length > 0)
    out.push('', `No finding at all from ${silent.join(', ')}: recall is 0 because nothing was reported (is the rule in this build?).`);
  out.push(
    '',
    '| repository | language | commits | breaks injected (parameter / removal / result) | not injected | required sites | found | recall | index-rule findings per untouched commit | median review (s) |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const repo of repos) out.push(repoRow(repo, rules));
  out.push('', ...renderChecks(repos), '', 'Commits (each reviewed untouched, then once per break):');
  for (const repo of repos) out.push(`- ${repo.name}: ${repo.commits.map((c) => c.sha.slice(0, 8)).join(' ')}`);
  return `${out.join('\n')}\n`;
}

function repoRow(repo: RepoResult, rules: string[]): string {
  const scores = scoreRepos([repo], rules);
  const mutationRules = new Set(MUTATION_KINDS.map((k) => RULE_OF[k]));
  const own = scores.filter((s) => mutationRules.has(s.rule));
  const required = own.reduce((n, s) => n + s.requiredSites, 0);
  const found = own.reduce((n, s) => n + s.found, 0);
  const byKind = MUTATION_KINDS.map((k) => repo.commits.reduce((n, c) => n + c.heads.filter((h) => h.kind === k).length, 0)).join(' / ');
  const skipped = repo.commits.reduce((n, c) => n + c.skipped.length, 0);
  const reviewed = repo.commits.filter((c) => c.untouched.ok).length;
  const noise = scores.filter((s) => !s.rule.startsWith('rule:')).reduce((n, s) => n + s.untouchedFindings, 0);
  const times = repo.commits.flatMap((c) => [c.untouched.ms, ...c.heads.map((h) => h.review.ms)]).sort((a, b) => a - b);
  const median = times.length === 0 ? 0 : times[Math.floor(times.length / 2)]! / 1000;
  return `| ${repo.name} | ${repo.language} | ${repo.commits.length} | ${byKind} | ${skipped} | ${required} | ${found} | ${ratio(required === 0 ? null : found / required)} | ${perCommit(reviewed === 0 ? null : noise / reviewed)} | ${median.toFixed(1)} |`;
}

/** What the harness checks of itself: a failed check means the figures above are not to be trusted. */
export function renderChecks(repos: RepoResult[]): string[] {
  const heads = repos.flatMap((r) => r.commits.flatMap((c) => c.heads));
  const commits = repos.flatMap((r) => r.commits);
  const count = (n: number, of: number) => `${n}/${of}`;
  return [
    '| harness check | result |',
    '| --- | ---: |',
    `| the break is in the reviewed diff (parent..mutated head) | ${count(heads.filter((h) => h.checks.breakInDiff).length, heads.length)} |`,
    `| every expected site names the definition at the mutated head | ${count(heads.filter((h) => h.checks.sitesMissing.length === 0).length, heads.length)} |`,
    `| reviews that ran (exit 0, a review in the JSON): untouched / mutated | ${count(commits.filter((c) => c.untouched.ok).length, commits.length)} / ${count(heads.filter((h) => h.review.ok).length, heads.length)} |`,
    `| the walkthrough lists the mutated definition as changed | ${count(heads.filter((h) => h.walkthroughSaw).length, heads.length)} |`,
  ];
}

export type { RuleScore };
