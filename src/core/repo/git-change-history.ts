import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ChangeHistory, HistoryCommit } from '../review/change-history.js';
import { parseRepoPath } from './repo-path.js';

const run = promisify(execFile);
/** `git log --name-only` over the bounded commit count stays well under this. */
const MAX_OUTPUT = 64 * 1024 * 1024;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const MAX_MESSAGES = 200;

/**
 * ChangeHistory over a git checkout: one bounded `git log --name-only` for
 * co-change, one `git log` of messages for linked issues. Only full commit
 * shas are passed to git (they cannot become options). A shallow clone (the
 * Actions default) answers `unavailable` instead of a truncated history.
 */
export function gitChangeHistory(root: string): ChangeHistory {
  const git = async (...args: string[]) => (await run('git', ['-C', root, ...args], { maxBuffer: MAX_OUTPUT, encoding: 'utf8' })).stdout;
  return {
    async recentCommits(before, limit) {
      if (!SHA.test(before)) return { unavailable: 'the base is not a commit sha' };
      try {
        if ((await git('rev-parse', '--is-shallow-repository')).trim() === 'true') return { unavailable: 'the checkout is shallow' };
        const out = await git(
          'log',
          '--no-merges',
          '--no-renames',
          '--format=%x00%H',
          '--name-only',
          '-n',
          String(Math.max(1, Math.floor(limit))),
          before,
          '--',
        );
        return parseLog(out);
      } catch {
        return { unavailable: 'git could not read the history' };
      }
    },
    async messagesBetween(base, head) {
      if (!SHA.test(base) || !SHA.test(head)) return [];
      try {
        const out = await git('log', '--format=%B%x00', '-n', String(MAX_MESSAGES), `${base}..${head}`, '--');
        return out
          .split('\0')
          .map((m) => m.trim())
          .filter(Boolean);
      } catch {
        return [];
      }
    },
  };
}

export function parseLog(out: string): HistoryCommit[] {
  const commits: HistoryCommit[] = [];
  for (const block of out.split('\0')) {
    const [sha, ...rest] = block.split('\n');
    if (!sha || !SHA.test(sha.trim())) continue;
    const files: string[] = [];
    for (const line of rest) {
      const trimmed = line.trim();
      if (!trimmed) continue;
      try {
        files.push(parseRepoPath(trimmed));
      } catch {
        // A path git quotes (unusual characters) or one that fails the path rules is left out.
      }
    }
    commits.push({ sha: sha.trim(), files });
  }
  return commits;
}
