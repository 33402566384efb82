import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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

/** A settled clone of the corpus in `scratch/name` for an edit row, and the path of the file the row edits there. */
export function cloneForEdit(corpusRoot: string, scratch: string, name: string, edited: string): { clone: string; file: string } {
  const clone = path.join(scratch, name);
  cloneSettled(corpusRoot, clone);
  const file = path.join(clone, ...edited.split('/'));
  if (!existsSync(file)) throw new Error(`${edited} is not in the corpus: pick another file in bench/edit-reindex.ts`);
  return { clone, file };
}
