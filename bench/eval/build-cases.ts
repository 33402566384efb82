/**
 * Builds the localization evaluation from public git history:
 *
 *   npx tsx bench/eval/build-cases.ts [--per-repo 40] [--mirrors /work/.mirror]
 *
 * For each repository (a bare git directory at <mirrors>/<owner>+<name>/repo),
 * walks first-parent history from the newest commit backwards and keeps
 * commits that modify 1-4 existing non-test source files and whose message
 * is a fair question (case-rules.ts). Each case's parent commit is exported
 * with `git archive` to its own snapshot folder, so every question is asked
 * of the tree it was written against. Cases and snapshots go to
 * ~/.cache/nanodex-eval (eval-paths.ts); nothing fetched enters the repository.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expectedFiles, rejectMessage, toQuery, type FileChange } from './case-rules.js';
import { CASES_FILE, EVAL_DIR, snapshotDir, type EvalCase } from './eval-paths.js';

/** Five mid-sized, well-known repositories in five languages. */
export const EVAL_REPOS = ['psf/requests', 'sindresorhus/got', 'spf13/cobra', 'BurntSushi/ripgrep', 'google/gson'];

const { values: args } = parseArgs({
  options: {
    'per-repo': { type: 'string', default: '40' },
    mirrors: { type: 'string', default: '/work/.mirror' },
    repos: { type: 'string' },
    /** Qualifying commits to pass over first per repository (a second, older held-out set: --skip 40). */
    skip: { type: 'string', default: '0' },
    out: { type: 'string', default: CASES_FILE },
  },
});
const perRepo = Number(args['per-repo']);
const skip = Number(args.skip);
const repos = args.repos ? args.repos.split(',') : EVAL_REPOS;

const log = (message: string): void => {
  process.stderr.write(`[cases] ${message}\n`);
};

function git(gitDir: string, ...rest: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...rest], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
}

interface Commit {
  sha: string;
  parents: string[];
  author: string;
  date: string;
  message: string;
}

function firstParentHistory(gitDir: string): Commit[] {
  const out = git(gitDir, 'log', '--first-parent', '--format=%H%x1f%P%x1f%an <%ae>%x1f%as%x1f%B%x1e', 'HEAD');
  return out
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter((r) => r.length > 0)
    .map((record) => {
      const [sha = '', parents = '', author = '', date = '', message = ''] = record.split('\x1f');
      return { sha, parents: parents.split(' ').filter(Boolean), author, date, message: message.trim() };
    });
}

function changesOf(gitDir: string, commit: Commit): FileChange[] {
  const out = git(gitDir, 'diff-tree', '-r', '--no-commit-id', '--name-status', '--no-renames', commit.parents[0]!, commit.sha);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status = '', filePath = ''] = line.split('\t');
      return { status: status.slice(0, 1), path: filePath };
    });
}

function missingBlobs(gitDir: string, commit: string): string[] {
  const entries = git(gitDir, 'ls-tree', '-r', commit)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [meta = '', filePath = ''] = line.split('\t');
      return { type: meta.split(' ')[1], sha: meta.split(' ')[2] ?? '', path: filePath };
    })
    .filter((e) => e.type === 'blob');
  const check = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], {
    input: entries.map((e) => e.sha).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\n');
  return entries.filter((_e, i) => check[i]?.endsWith('missing')).map((e) => e.path);
}

function exportSnapshot(gitDir: string, c: EvalCase): void {
  const dir = snapshotDir(c);
  if (existsSync(dir)) return;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // The mirror lacks its largest blobs (binaries past 4 MiB): leave those out of the archive.
  const excludes = missingBlobs(gitDir, c.parentSha).map((p) => `':(exclude,literal)${p.replace(/'/g, "'\\''")}'`);
  // git still names an excluded missing blob on stderr (and exits 0): quiet it, but fail on a broken pipe.
  execSync(
    `set -o pipefail; git --git-dir='${gitDir}' archive --format=tar ${c.parentSha} -- . ${excludes.join(' ')} 2>/dev/null | tar -x -C '${partial}'`,
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      shell: '/bin/bash',
    },
  );
  renameSync(partial, dir);
}

const cases: EvalCase[] = [];
for (const repo of repos) {
  const gitDir = path.join(args.mirrors, repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) throw new Error(`no git directory for ${repo} at ${gitDir}: fetch it first`);
  const rejected: Record<string, number> = {};
  const count = (reason: string): void => {
    rejected[reason] = (rejected[reason] ?? 0) + 1;
  };
  const chosen: EvalCase[] = [];
  let walked = 0;
  let skipped = 0;
  for (const commit of firstParentHistory(gitDir)) {
    if (chosen.length >= perRepo) break;
    walked += 1;
    if (commit.parents.length !== 1) {
      count(commit.parents.length === 0 ? 'root' : 'merge');
      continue;
    }
    const messageReason = rejectMessage(commit.message, commit.author);
    if (messageReason) {
      count(messageReason);
      continue;
    }
    const expected = expectedFiles(changesOf(gitDir, commit));
    if ('reject' in expected) {
      count(expected.reject);
      continue;
    }
    if (skipped < skip) {
      skipped += 1;
      continue;
    }
    chosen.push({
      repo,
      sha: commit.sha,
      parentSha: commit.parents[0]!,
      date: commit.date,
      query: toQuery(commit.message),
      expected: expected.files,
    });
  }
  if (chosen.length < perRepo) log(`${repo}: only ${chosen.length} cases in the whole history`);
  const first = chosen[chosen.length - 1];
  const last = chosen[0];
  log(
    `${repo}: ${chosen.length} cases from ${walked} first-parent commits (${first?.date} .. ${last?.date}); rejected ${JSON.stringify(rejected)}`,
  );
  for (const c of chosen) exportSnapshot(gitDir, c);
  cases.push(...chosen);
}

mkdirSync(EVAL_DIR, { recursive: true });
writeFileSync(args.out, `${JSON.stringify(cases, null, 1)}\n`);
log(`${cases.length} cases written to ${args.out}`);
