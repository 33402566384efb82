/**
 * Builds the long-bug-report evaluation (issue 13): the question is a bug
 * report's own text (title + description, never the comments or the fixing
 * commit's message), the tree the one the fix was written against, the
 * answer the non-test source files the fix modified.
 *
 *   npx tsx bench/eval/build-issue-cases.ts --issues $NANODEX_EVAL_DIR/long-reports-issues.json \
 *     --repo sympy/sympy --out $NANODEX_EVAL_DIR/long-reports-sympy.json
 *   npx tsx bench/eval/build-issue-cases.ts --candidates --repo pylint-dev/pylint   # issue numbers that would qualify
 *
 * The issues file is a list of { repo, number, url, title, body } records
 * (collected by hand from GitHub issue threads; kept outside the repository).
 * For each issue, the fix is the oldest commit whose message says it fixes,
 * closes or resolves `#number`; when that commit came in through a pull
 * request's merge, the change is the whole merge (first parent to merge), so a
 * fix split over several commits of one pull request counts whole; through a
 * maintenance branch merged back (many fixes at once), the fix's own commit. The case keeps the fix
 * when it modifies 1-3 existing non-test source files (case-rules.ts) and
 * exports the tree before it with `git archive`, as build-cases.ts does.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expectedFiles, rejectMessage, type FileChange } from './case-rules.js';
import { snapshotDir, type EvalCase } from './eval-paths.js';

const { values: args } = parseArgs({
  options: {
    issues: { type: 'string' },
    repo: { type: 'string' },
    mirrors: { type: 'string', default: '/work/.mirror' },
    out: { type: 'string' },
    candidates: { type: 'boolean', default: false },
    'max-files': { type: 'string', default: '3' },
    'max-chars': { type: 'string', default: '6000' },
    /** Pull-request branches are read from this date on (sympy moved its tracker to GitHub in 2014). */
    since: { type: 'string', default: '2014-05-01' },
  },
});

/** One bug report as collected: the text a user wrote, before anyone answered. */
export interface IssueRecord {
  repo: string;
  number: number;
  url: string;
  title: string;
  body: string;
}

/** A long-report case: an EvalCase plus where its question came from. */
export interface IssueCase extends EvalCase {
  issue: string;
}

const log = (message: string): void => {
  process.stderr.write(`[issue-cases] ${message}\n`);
};

function git(gitDir: string, ...rest: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...rest], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
}

/** "Fixes #12", "closes: #12", "Fix #12:", "resolves gh-12" (word boundary after the number). */
export function fixReference(message: string): number[] {
  const found = new Set<number>();
  const re = /\b(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?)\b\s*:?\s*(?:issue\s*)?(?:#|gh-)(\d+)\b/gi;
  for (const m of message.matchAll(re)) found.add(Number(m[1]));
  return [...found];
}

/** The question: title and description, whitespace runs folded, capped at `maxChars`. */
export function issueQuery(record: Pick<IssueRecord, 'title' | 'body'>, maxChars: number): string {
  const text = `${record.title.trim()}\n\n${record.body.trim()}`.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n');
  return text.length > maxChars ? text.slice(0, maxChars).replace(/\s\S*$/, '') : text;
}

/** Changelog files and folders (git pathspecs) whose added lines name the issues a commit closes. */
const CHANGELOG_PATHS = ['ChangeLog', 'CHANGES', 'CHANGES.rst', 'CHANGELOG.md', 'CHANGELOG.rst', 'doc/whatsnew', 'doc/changelog.rst'];

/** Release and version-bump commits copy changelog lines; they fix nothing themselves. */
const REJECTED = (message: string): boolean => rejectMessage(message, '') === 'subject';

interface Fix {
  sha: string;
  parentSha: string;
  date: string;
  expected: string[];
}

/** Per issue number, the fix that qualifies (or why none does), from one pass over the history. */
function findFixes(
  gitDir: string,
  maxFiles: number,
  since: string,
  wanted?: Set<number>,
): { fixes: Map<number, Fix>; rejected: Map<number, string> } {
  const firstParent = git(gitDir, 'rev-list', '--first-parent', 'HEAD').split('\n').filter(Boolean);
  const mainline = new Map(firstParent.map((sha, i) => [sha, i]));
  // Oldest first, so the first fix named for an issue wins (a message first, then a changelog line).
  const log = git(gitDir, 'log', '--reverse', '-E', '-i', '--grep=(fix|close|resolve)', '--format=%H%x1f%B%x1e', 'HEAD');
  const firstFix = new Map<number, string>();
  for (const record of log.split('\x1e')) {
    const [sha = '', message = ''] = record.replace(/^\n/, '').split('\x1f');
    if (!sha) continue;
    if (REJECTED(message)) continue;
    for (const n of fixReference(message)) if (!firstFix.has(n)) firstFix.set(n, sha);
  }
  // Projects that keep a changelog name the issue there, in the fixing commit: "Closes #12" added
  // to doc/whatsnew/fragments/12.bugfix, ChangeLog, CHANGES.rst (pylint, sphinx, astropy, ...).
  const changelog = git(
    gitDir,
    'log',
    '--reverse',
    '--first-parent',
    '-p',
    '--unified=0',
    '--format=%x1e%H%x1f%s',
    'HEAD',
    '--',
    ...CHANGELOG_PATHS,
  );
  for (const record of changelog.split('\x1e')) {
    const sha = record.slice(0, 40);
    if (!/^[0-9a-f]{40}$/.test(sha) || REJECTED(record.slice(41, record.indexOf('\n')))) continue;
    const added = record
      .split('\n')
      .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
      .join('\n');
    for (const n of fixReference(added)) if (!firstFix.has(n)) firstFix.set(n, sha);
  }
  // A merged pull request whose branch names one issue number ("fix-18241", "issue_13835"): sympy
  // writes "Fixes #N" in the pull request's description, which git does not keep.
  const merges = git(gitDir, 'log', '--reverse', '--first-parent', '--merges', `--since=${since}`, '--format=%H%x1f%s', 'HEAD');
  for (const line of merges.split('\n')) {
    const [sha = '', subject = ''] = line.split('\x1f');
    const m = /^Merge pull request #(\d+) from [^/\s]+\/(\S+)/.exec(subject);
    if (!m) continue;
    const numbers = new Set([...m[2]!.matchAll(/(?<![0-9])([0-9]{3,6})(?![0-9])/g)].map((x) => Number(x[1])));
    const [n] = numbers;
    if (numbers.size === 1 && n! < Number(m[1]) && !firstFix.has(n!)) firstFix.set(n!, sha);
  }
  const fixes = new Map<number, Fix>();
  const rejected = new Map<number, string>();
  for (const [n, sha] of firstFix) {
    if (wanted && !wanted.has(n)) continue;
    let change = sha;
    if (!mainline.has(sha)) {
      // The mainline merge that brought it in: the oldest first-parent commit descending from it.
      let merge: string | undefined;
      for (const d of git(gitDir, 'rev-list', '--ancestry-path', `${sha}..HEAD`).split('\n')) {
        if (mainline.has(d) && (merge === undefined || mainline.get(d)! > mainline.get(merge)!)) merge = d;
      }
      if (!merge) {
        rejected.set(n, 'not-on-mainline');
        continue;
      }
      // A pull request's merge is the whole fix (it may be split over commits); a maintenance
      // branch merged back ("Merge branch 'stable'", sphinx) carries many fixes: the fix's own commit.
      if (/^Merge pull request #/.test(git(gitDir, 'log', '-1', '--format=%s', merge))) change = merge;
    }
    const [parents = '', date = ''] = git(gitDir, 'log', '-1', '--format=%P%x1f%as', change).trim().split('\x1f');
    const parentSha = parents.split(' ')[0];
    if (!parentSha) {
      rejected.set(n, 'root');
      continue;
    }
    const changes: FileChange[] = git(gitDir, 'diff-tree', '-r', '--no-commit-id', '--name-status', '--no-renames', parentSha, change)
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [status = '', filePath = ''] = line.split('\t');
        return { status: status.slice(0, 1), path: filePath };
      });
    const expected = expectedFiles(changes, maxFiles);
    if ('reject' in expected) {
      rejected.set(n, expected.reject);
      continue;
    }
    fixes.set(n, { sha: change, parentSha, date, expected: expected.files });
  }
  return { fixes, rejected };
}

function exportSnapshot(gitDir: string, c: EvalCase): void {
  const dir = snapshotDir(c);
  if (existsSync(dir)) return;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  execSync(`set -o pipefail; git --git-dir='${gitDir}' archive --format=tar ${c.parentSha} | tar -x -C '${partial}'`, {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: '/bin/bash',
  });
  renameSync(partial, dir);
}

if (!args.repo) throw new Error('--repo owner/name is required');
const gitDir = path.join(args.mirrors, args.repo.replace('/', '+'), 'repo');
if (!existsSync(gitDir)) throw new Error(`no git directory for ${args.repo} at ${gitDir}: fetch it first`);
const records = args.issues ? (JSON.parse(readFileSync(args.issues, 'utf8')) as IssueRecord[]).filter((r) => r.repo === args.repo) : [];
const { fixes, rejected } = findFixes(
  gitDir,
  Number(args['max-files']),
  args.since,
  args.candidates ? undefined : new Set(records.map((r) => r.number)),
);
if (args.candidates) {
  const reasons: Record<string, number> = {};
  for (const r of rejected.values()) reasons[r] = (reasons[r] ?? 0) + 1;
  log(`${args.repo}: ${fixes.size} issues with a qualifying fix; rejected ${JSON.stringify(reasons)}`);
  process.stdout.write(`${[...fixes.keys()].sort((a, b) => a - b).join('\n')}\n`);
} else {
  if (!args.issues || !args.out) throw new Error('--issues FILE and --out FILE are required');
  const cases: IssueCase[] = [];
  const seen = new Set<number>();
  for (const r of records) {
    if (seen.has(r.number)) continue;
    seen.add(r.number);
    const fix = fixes.get(r.number);
    if (!fix) {
      log(`#${r.number}: no qualifying fix (${rejected.get(r.number) ?? 'no commit names it as fixed'})`);
      continue;
    }
    cases.push({
      repo: r.repo,
      sha: fix.sha,
      parentSha: fix.parentSha,
      date: fix.date,
      query: issueQuery(r, Number(args['max-chars'])),
      expected: fix.expected,
      issue: r.url,
    });
  }
  for (const c of cases) exportSnapshot(gitDir, c);
  writeFileSync(args.out, `${JSON.stringify(cases, null, 1)}\n`);
  log(`${cases.length} cases from ${seen.size} issues written to ${args.out}`);
}
