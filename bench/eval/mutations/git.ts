import { execFileSync } from 'node:child_process';

/** Fixed author and dates: a mutated head's sha is the same on every run with the same seed. */
const COMMIT_ENV = {
  GIT_AUTHOR_NAME: 'nanodex eval',
  GIT_AUTHOR_EMAIL: 'eval@nanodex.invalid',
  GIT_COMMITTER_NAME: 'nanodex eval',
  GIT_COMMITTER_EMAIL: 'eval@nanodex.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

/** git in `dir`, its stdout (256 MiB at most: a large diff of a vendored tree). */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...COMMIT_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A clone of a mirror that borrows its objects (`--shared`): nothing is written to the mirror. */
export function cloneShared(mirror: string, dir: string): void {
  execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', mirror, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Check out `sha` detached, with any edit of the last mutation thrown away. */
export function checkout(dir: string, sha: string): void {
  git(dir, 'checkout', '--quiet', '--force', '--detach', sha);
  git(dir, 'clean', '--quiet', '--force', '-d');
}
