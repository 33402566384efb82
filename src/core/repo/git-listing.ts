import { execFile, execFileSync } from 'node:child_process';
import { createHash } from '../runtime/create-hash.js';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Big trees list hundreds of thousands of paths; git's output must fit. */
const MAX_GIT_OUTPUT = 512 * 1024 * 1024;

export interface GitFiles {
  /** path -> blob sha for tracked regular files whose working copy matches the index. */
  clean: Map<string, string>;
  /** Tracked-but-modified and untracked (not ignored) regular files: hashed by us. */
  dirty: string[];
  symlinks: string[];
}

export interface GitListing {
  headSha: string | undefined;
  /** A hash of git's whole answer (every tracked path, mode and blob sha; the changed and untracked paths). */
  answerHash: string;
  /** Modified, deleted and untracked paths: what git does not vouch for (a short list in a working tree). */
  unvouched: string[];
  /** The files by kind; parsed on call (on a big tree, most of a no-change refresh's work is this). */
  readFiles(): GitFiles;
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
export async function readGitListing(root: string): Promise<GitListing | undefined> {
  try {
    if (git(root, ['rev-parse', '--is-inside-work-tree']).trim() !== 'true') return undefined;
  } catch {
    return undefined;
  }
  // Five questions at once: the two listings that stat or walk the work tree dominate a no-change refresh, and git
  // runs them on other cores. check-ignore exits 0 when the folder itself is ignored (then the listings are dropped).
  const [ignored, staged, changed, untracked, head] = await Promise.all([
    gitAsync(root, ['check-ignore', '-q', '.']).then(
      () => true,
      () => false,
    ),
    gitAsync(root, ['ls-files', '-z', '-s', '--cached']),
    gitAsync(root, ['ls-files', '-z', '-m', '-d']),
    gitAsync(root, ['ls-files', '-z', '--others', '--exclude-standard']),
    // A repository with no commits yet has no HEAD.
    gitAsync(root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => ''),
  ]);
  if (ignored) return undefined;
  const answerHash = createHash('sha1').update(staged).update('\n').update(changed).update('\n').update(untracked).digest('hex');
  return {
    headSha: head.trim() || undefined,
    answerHash,
    unvouched: [...split(changed), ...split(untracked)],
    readFiles: () => toGitFiles(staged, changed, untracked),
  };
}

function toGitFiles(staged: string, changed: string, untracked: string): GitFiles {
  const clean = new Map<string, string>();
  const symlinks: string[] = [];
  for (const record of split(staged)) {
    const tab = record.indexOf('\t');
    const [mode, sha] = record.slice(0, tab).split(' ');
    const file = record.slice(tab + 1);
    if (mode === '120000') symlinks.push(file);
    else if (mode?.startsWith('100') && sha !== undefined) clean.set(file, sha);
    // 160000 is a submodule: another repository, not ours to index
  }
  const dirty: string[] = [];
  for (const file of split(changed)) {
    if (clean.delete(file)) dirty.push(file);
  }
  for (const file of split(untracked)) dirty.push(file);
  return { clean, dirty, symlinks };
}

async function gitAsync(root: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: MAX_GIT_OUTPUT });
  return stdout;
}

function split(output: string): string[] {
  return output.split('\0').filter((s) => s.length > 0);
}
