import { execFileSync } from 'node:child_process';

/**
 * A clone of the corpus as a checkout someone works in: git's index written
 * after its files. Right after `git clone` the files and the index share
 * their second, so git holds every file "racily clean" and hashes it again
 * on each `git status --no-optional-locks` (which never rewrites the index):
 * 3x the CPU of a settled checkout on the quick corpus, charged to every
 * refresh the edit rows time. One refresh of the index past that second
 * settles it, as a user's first `git status` does.
 */
export function cloneSettled(from: string, to: string): void {
  execFileSync('git', ['clone', '-q', '--shared', from, to], { stdio: 'ignore' });
  const until = Date.now() + 1_100;
  while (Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  execFileSync('git', ['-C', to, 'update-index', '-q', '--refresh'], { stdio: 'ignore' });
}
