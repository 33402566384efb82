import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { NanodexError } from '../core/lookups.js';

const run = promisify(execFile);
/** A diff larger than this is refused rather than held in memory (a PR this size is not reviewable). */
const MAX_DIFF_BYTES = 20 * 1024 * 1024;

/**
 * The diff a pull request from `head` into `base` shows: changes since
 * their merge base (`git diff base...head`), with renames detected. Refs
 * are checked first so a value like `--output=x` can never become an option.
 */
export async function readGitDiff(
  root: string,
  base: string,
  head: string,
): Promise<{ diff: string; baseSha: string; headSha: string; checkedOut: string | undefined }> {
  for (const [flag, ref] of [
    ['--base', base],
    ['--head', head],
  ] as const) {
    if (!/^[\w./@^~{}:-]+$/.test(ref) || ref.startsWith('-')) {
      throw new NanodexError('bad-ref', `${flag} "${ref}" is not a git ref`, {
        hint: 'give a branch, tag or commit, e.g. --base main --head HEAD',
      });
    }
  }
  const git = async (...args: string[]) =>
    (await run('git', ['-C', root, ...args], { maxBuffer: MAX_DIFF_BYTES, encoding: 'utf8' })).stdout;
  const resolve = async (flag: string, ref: string) => {
    try {
      return (await git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`)).trim();
    } catch {
      throw new NanodexError('bad-ref', `${flag} ${ref} is not a commit in ${root}`, {
        hint: 'fetch it first, or check the name with `git log --oneline -1 REF`',
      });
    }
  };
  const baseSha = await resolve('--base', base);
  const headSha = await resolve('--head', head);
  const checkedOut = (await git('rev-parse', '--verify', '--quiet', 'HEAD').catch(() => '')).trim() || undefined;
  try {
    const diff = await git(
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--find-renames',
      '--src-prefix=a/',
      '--dst-prefix=b/',
      `${baseSha}...${headSha}`,
    );
    return { diff, baseSha, headSha, checkedOut };
  } catch (error) {
    throw new NanodexError('diff-failed', `git could not diff ${base}...${head}`, {
      hint: 'the two commits need a common ancestor; a diff over 20 MB is refused',
      cause: error,
    });
  }
}
