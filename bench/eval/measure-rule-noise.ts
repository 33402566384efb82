/**
 * `npx tsx bench/eval/measure-rule-noise.ts DIR...`: the built-in ast-grep
 * rules (and candidate rules not shipped) on the changed lines of real
 * merged commits: each repository's last --commits first-parent, non-merge
 * commits, the diff from the parent, the files read at the commit. Every
 * finding is printed with its line for judging by hand; the counts per rule
 * go in docs/reviews.md ("Built-in rules"). A shipped rule must stay at ~0
 * false findings. Reads git objects only; nothing is checked out.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { AstGrepRule } from '../../src/core/review/rules/ast-grep-rule.js';
import { BUILT_IN_RULES } from '../../src/core/review/rules/built-in-rules.js';
import { findRuleFindings } from '../../src/core/review/rules/find-rule-findings.js';
import { parseDiff } from '../../src/core/review/parse-diff.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { commits: { type: 'string', default: '300' } },
});

/** Rules measured and not shipped (too noisy, see docs/reviews.md). */
const CANDIDATES: AstGrepRule[] = [
  ...(['TypeScript', 'Tsx', 'JavaScript'] as const).map((language) => ({
    id: 'candidate:js-console-log',
    language,
    rule: { pattern: 'console.log($$$A)' },
    message: 'console.log added',
    severity: 'check' as const,
    source: 'candidate',
  })),
  {
    id: 'candidate:py-assert',
    language: 'python',
    rule: { kind: 'assert_statement' },
    message: 'assert added',
    severity: 'check',
    source: 'candidate',
  },
  {
    id: 'candidate:go-discarded-error',
    language: 'go',
    rule: { pattern: '$$$A, _ := $F($$$B)' },
    message: 'error discarded',
    severity: 'check',
    source: 'candidate',
  },
  {
    id: 'candidate:go-blank-assign',
    language: 'go',
    rule: { pattern: '_ = $F($$$B)' },
    message: 'result discarded',
    severity: 'check',
    source: 'candidate',
  },
];

const git = (dir: string, ...rest: string[]) =>
  execFileSync('git', ['-C', dir, ...rest], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

const totals = new Map<string, number>();
for (const dir of positionals) {
  const shas = git(dir, 'log', '--first-parent', '--no-merges', `-n${args.commits}`, '--format=%H', 'HEAD').trim().split('\n');
  let findings = 0;
  let files = 0;
  for (const sha of shas) {
    let diff: string;
    try {
      diff = git(dir, 'diff', '-M', `${sha}^`, sha);
    } catch {
      continue; // the root commit
    }
    let parsed: ReturnType<typeof parseDiff>;
    try {
      parsed = parseDiff(diff);
    } catch {
      continue; // a path the review refuses (control characters): that commit is never reviewed
    }
    files += parsed.length;
    const found = await findRuleFindings({
      files: parsed,
      rules: [...BUILT_IN_RULES, ...CANDIDATES],
      readHead: async (p) => git(dir, 'show', `${sha}:${p}`),
    });
    for (const f of found.findings) {
      findings++;
      totals.set(f.rule, (totals.get(f.rule) ?? 0) + 1);
      console.log(`${dir} ${sha.slice(0, 10)} ${f.rule} ${f.path}:${f.line}: ${f.evidence[0]?.code?.split('\n')[0]?.trim().slice(0, 120)}`);
    }
  }
  console.error(`${dir}: ${shas.length} commits, ${files} changed files, ${findings} findings`);
}
console.error(JSON.stringify(Object.fromEntries(totals), null, 2));
