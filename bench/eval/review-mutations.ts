/**
 * `npm run eval:reviews` (no positional arguments): the finding rules
 * measured on breaks injected into real commits. For the last --commits
 * non-merge commits of each repository, each commit is reviewed as it is
 * (its findings are noise candidates), then once per break committed on top
 * of it (a required parameter added, a definition removed, a function made
 * async or given a second result; bench/eval/mutations/), each review run
 * through the built CLI as a process: `nanodex review --base C^ --head H
 * --json`. Recall per rule over the sites each break should be reported at,
 * precision over every finding (those at no injected site are written out
 * to read by hand), findings per untouched commit. Clones go to a temporary
 * folder (objects borrowed from the mirror, never written to it).
 *
 *   npm run eval:reviews -- --repos ky,chi --commits 3 --seed 7 [--jobs 2] [--no-known]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INDEX_RULES } from '../../src/core/review/findings/review-finding.js';
import { findProjectRoot } from '../project-root.js';
import { parseRepoList, type EvalRepo } from './mutations/eval-repos.js';
import { checkout, cloneShared, git } from './mutations/git.js';
import { MUTATION_KINDS, type MutationKind } from './mutations/inject-mutation.js';
import { mutateCommit } from './mutations/mutate-commit.js';
import { markFound, scoreRepos, type CommitResult, type RepoResult } from './mutations/mutation-results.js';
import { renderMutationReport } from './mutations/render-mutation-report.js';
import { renderKnownBreaks, reviewKnownBreaks, type KnownBreakResult } from './mutations/review-known-breaks.js';
import { runReviewCli } from './mutations/run-review-cli.js';
import { findAdded, toHeadLine, type Finding } from './mutations/score-findings.js';

const projectRoot = findProjectRoot();
const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    repos: { type: 'string' },
    commits: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    jobs: { type: 'string', default: '2' },
    known: { type: 'boolean', default: true },
    kinds: { type: 'string', default: MUTATION_KINDS.join(',') },
    mirrors: { type: 'string', default: '/work/.mirror' },
    out: { type: 'string', default: path.join(projectRoot, 'bench/eval/results/reviews-latest.json') },
    candidates: { type: 'string', default: path.join(tmpdir(), 'nanodex-review-finding-candidates.txt') },
    cli: { type: 'string', default: path.join(projectRoot, 'dist/src/cli/main.js') },
  },
});

const kinds = args.kinds.split(',').map((k) => k.trim()) as MutationKind[];
const unknown = kinds.filter((k) => !MUTATION_KINDS.includes(k));
if (unknown.length > 0) throw new Error(`--kinds: unknown ${unknown.join(', ')}; use some of ${MUTATION_KINDS.join(', ')}`);
const commitCount = Number(args.commits);
if (!Number.isInteger(commitCount) || commitCount < 1) throw new Error(`--commits must be a whole number from 1, got "${args.commits}"`);
const repos = parseRepoList(args.repos, args.mirrors);
const work = mkdtempSync(path.join(tmpdir(), 'nanodex-review-mutations-'));
mkdirSync(path.join(work, 'home'));
// No provider in the environment: the review is the offline one. The index goes to --index, never the user's cache.
const env = { PATH: process.env.PATH, HOME: path.join(work, 'home'), NANODEX_DATA_DIR: path.join(work, 'data'), LANG: 'C.UTF-8' };
const rules = [...INDEX_RULES, 'rule:*'];
const candidateLines: string[] = [];
const results: RepoResult[] = [];
let known: KnownBreakResult[] = [];
const started = Date.now();

try {
  // Repositories in parallel (--jobs): each has its own clone and index; a repository's reviews run one at a time.
  const queue = repos.map((repo, i) => ({ repo, i }));
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) results[next.i] = await evaluateRepo(next.repo);
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(args.jobs)) }, worker));
  if (args.known) known = await reviewKnownBreaks({ mirrors: args.mirrors, work, cli: args.cli, env });
} finally {
  // NANODEX_EVAL_KEEP=1 keeps the clones, mutated heads and indexes to read a miss by hand.
  if (process.env.NANODEX_EVAL_KEEP === '1') process.stderr.write(`kept: ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}

const knownLines = renderKnownBreaks(known);
const report = `${renderMutationReport(results, rules)}${knownLines.length > 0 ? `\n${knownLines.join('\n')}\n` : ''}`;
mkdirSync(path.dirname(args.out), { recursive: true });
writeFileSync(
  args.out,
  `${JSON.stringify({ date: new Date().toISOString(), seed: args.seed, commitsPerRepo: commitCount, kinds, seconds: Math.round((Date.now() - started) / 1000), scores: scoreRepos(results, rules), known, repos: results }, null, 1)}\n`,
);
writeFileSync(args.candidates, `${candidateLines.join('\n')}\n`);
process.stdout.write(
  `${report}\nEvery finding at no injected site (${candidateLines.length}), to read by hand: ${args.candidates}\nResults: ${path.relative(process.cwd(), args.out)} (${Math.round((Date.now() - started) / 1000)} s)\n`,
);

async function evaluateRepo(repo: EvalRepo): Promise<RepoResult> {
  const repoStarted = Date.now();
  if (!existsSync(repo.mirror)) {
    throw new Error(
      `${repo.name}: no git directory at ${repo.mirror}; fetch the repository there, pass --mirrors DIR, or name another with --repos`,
    );
  }
  const dir = path.join(work, repo.name.replace('/', '+'));
  cloneShared(repo.mirror, dir);
  const indexFile = path.join(work, `${repo.name.replace('/', '+')}.sqlite`);
  const shas = git(dir, 'log', '--no-merges', '--format=%H %P', '-n', String(commitCount), 'HEAD', '--', ...repo.paths)
    .trim()
    .split('\n')
    .filter((l) => l.split(' ').length === 2) // a root commit has no parent to diff against
    .map((l) => l.split(' ')[0]!);
  const commits: CommitResult[] = [];
  for (const sha of shas) {
    const at = `${repo.name} ${sha.slice(0, 8)}`;
    const mutated = mutateCommit(dir, sha, repo.language, { seed: args.seed, kinds });
    const review = (head: string) => runReviewCli({ cli: args.cli, repo: dir, base: `${sha}^`, head, indexFile, env });
    const untouched = await review(sha);
    if (!untouched.ok) process.stderr.write(`${at}: the review failed: ${untouched.error}\n`);
    note(dir, at, sha, 'untouched', untouched.findings);
    const commit: CommitResult = {
      sha,
      subject: git(dir, 'log', '-1', '--format=%s', sha).trim(),
      untouched: { ok: untouched.ok, error: untouched.error, ms: untouched.ms, findings: untouched.findings },
      heads: [],
      skipped: mutated.skipped,
    };
    for (const { mutation, head, checks } of mutated.heads) {
      checkout(dir, head);
      const r = await review(head);
      const added = findAdded(r.findings, untouched.findings, toHeadLine(mutation));
      const expected = markFound(mutation.expected, mutation.rule, added);
      note(
        dir,
        at,
        head,
        mutation.kind,
        added.filter((f) => !expected.some((s) => s.path === f.path && s.lines.some((l) => l >= (f.startLine ?? f.line) && l <= f.line))),
      );
      commit.heads.push({
        kind: mutation.kind,
        rule: mutation.rule,
        target: { path: mutation.path, name: mutation.name, line: mutation.line },
        head,
        checks,
        expected,
        review: { ok: r.ok, error: r.error, ms: r.ms },
        walkthroughSaw: r.changedNames.get(mutation.path)?.has(mutation.name) ?? false,
        findings: added,
      });
      if (!r.ok) process.stderr.write(`${at} ${mutation.kind}: the review failed: ${r.error}\n`);
    }
    checkout(dir, sha);
    commits.push(commit);
    const found = commit.heads.map(
      (h) =>
        `${h.kind} ${h.target.name} ${h.expected.filter((s) => s.required && s.found).length}/${h.expected.filter((s) => s.required).length}`,
    );
    process.stderr.write(`${at}: ${untouched.findings.length} finding(s) untouched; ${found.join('; ') || 'no break injected'}\n`);
  }
  return { name: repo.name, language: repo.language, paths: repo.paths, commits, seconds: Math.round((Date.now() - repoStarted) / 1000) };
}

/** Findings at no injected site go to the candidates file with the line they point at, to be read by hand. */
function note(dir: string, at: string, head: string, what: string, findings: Finding[]): void {
  for (const f of findings) {
    let code = '';
    try {
      code = git(dir, 'show', `${head}:${f.path}`).split('\n')[f.line - 1]?.trim() ?? '';
    } catch {
      code = '(path not in the head)';
    }
    candidateLines.push(
      `${at} ${what} ${f.rule} ${f.severity} ${f.path}:${f.line} | ${f.message.replace(/\s+/g, ' ').slice(0, 200)} | ${code.slice(0, 120)}`,
    );
  }
}
