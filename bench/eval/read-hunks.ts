/**
 * The changed hunks of an evaluation case: for each file the commit touched,
 * the old-side line ranges of `git diff -U0 parent commit` (what a reader of
 * the parent tree would have to find). A pure insertion is the line it
 * follows (at least line 1). Read from the bare mirror the cases came from.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface Hunk {
  path: string;
  startLine: number;
  endLine: number;
}

export function mirrorGitDir(repo: string, mirrors = '/work/.mirror'): string {
  return path.join(mirrors, repo.replace('/', '+'), 'repo');
}

/** Every file the commit touched (any status), as named in the parent or the commit. */
export function readTouchedFiles(gitDir: string, parent: string, sha: string): string[] {
  const out = execFileSync('git', ['--git-dir', gitDir, 'diff-tree', '-r', '--no-commit-id', '--name-only', '--no-renames', parent, sha], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\n').filter(Boolean);
}

export function readHunks(gitDir: string, parent: string, sha: string, files: string[]): Hunk[] {
  if (files.length === 0) return [];
  const out = execFileSync('git', ['--git-dir', gitDir, 'diff', '-U0', '--no-renames', parent, sha, '--', ...files], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const hunks: Hunk[] = [];
  let current: string | undefined;
  for (const line of out.split('\n')) {
    const file = /^--- a\/(.+)$/.exec(line);
    if (file) {
      current = file[1];
      continue;
    }
    const at = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(line);
    if (at && current) {
      const start = Number(at[1]);
      const count = at[2] === undefined ? 1 : Number(at[2]);
      hunks.push(
        count === 0
          ? { path: current, startLine: Math.max(1, start), endLine: Math.max(1, start) }
          : { path: current, startLine: start, endLine: start + count - 1 },
      );
    }
  }
  return hunks;
}
