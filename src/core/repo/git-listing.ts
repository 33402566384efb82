import { execFileSync } from 'node:child_process';

/** Big trees list hundreds of thousands of paths; git's output must fit. */
const MAX_GIT_OUTPUT = 512 * 1024 * 1024;

export interface GitListing {
  /** path -> blob sha for tracked regular files whose working copy matches the index. */
  clean: Map<string, string>;
  /** Tracked-but-modified and untracked (not ignored) regular files: hashed by us. */
  dirty: string[];
  symlinks: string[];
  headSha: string | undefined;
}

function git(root: string, args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], {
    encoding: 'utf8',
    maxBuffer: MAX_GIT_OUTPUT,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/**
 * Lists a git work tree, or returns undefined when `root` is not inside one,
 * or is itself ignored by it (a node_modules folder, say), so the caller
 * walks the folder instead.
 */
export function readGitListing(root: string): GitListing | undefined {
  try {
    if (git(root, ['rev-parse', '--is-inside-work-tree']).trim() !== 'true') return undefined;
  } catch {
    return undefined;
  }
  try {
    git(root, ['check-ignore', '-q', '.']);
    return undefined; // exit 0: the folder itself is ignored
  } catch {
    // exit 1: not ignored, which is what we want
  }
  const clean = new Map<string, string>();
  const symlinks: string[] = [];
  for (const record of split(git(root, ['ls-files', '-z', '-s', '--cached']))) {
    const tab = record.indexOf('\t');
    const [mode, sha] = record.slice(0, tab).split(' ');
    const file = record.slice(tab + 1);
    if (mode === '120000') symlinks.push(file);
    else if (mode?.startsWith('100') && sha !== undefined) clean.set(file, sha);
    // 160000 is a submodule: another repository, not ours to index
  }
  const dirty: string[] = [];
  for (const file of split(git(root, ['ls-files', '-z', '-m', '-d']))) {
    if (clean.delete(file)) dirty.push(file);
  }
  for (const file of split(git(root, ['ls-files', '-z', '--others', '--exclude-standard']))) dirty.push(file);
  let headSha: string | undefined;
  try {
    headSha = git(root, ['rev-parse', '--verify', '-q', 'HEAD']).trim() || undefined;
  } catch {
    headSha = undefined; // a repository with no commits yet
  }
  return { clean, dirty, symlinks, headSha };
}

function split(output: string): string[] {
  return output.split('\0').filter((s) => s.length > 0);
}
