import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar';
import { NanodexError } from '../core/lookups.js';

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * A commit's files in a temporary folder (`git archive` unpacked), so a
 * review of a commit that is not the checkout, or of a checkout with local
 * edits, reads and indexes the commit's own content: every cited line is
 * the commit's line. The index goes to `indexFile`, beside the files; `remove` deletes both.
 */
export async function snapshotCommit(root: string, sha: string): Promise<{ dir: string; indexFile: string; remove: () => Promise<void> }> {
  if (!SHA.test(sha)) throw new NanodexError('bad-ref', `${sha} is not a commit sha`);
  const parent = await mkdtemp(path.join(tmpdir(), 'nanodex-review-head-'));
  // The files in one folder, the index (and its -wal, -shm, lock) beside it: never listed as the commit's files.
  const dir = path.join(parent, 'files');
  await mkdir(dir);
  const remove = () => rm(parent, { recursive: true, force: true });
  try {
    const git = spawn('git', ['-C', root, 'archive', '--format=tar', sha], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    git.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number>((resolve, reject) => {
      git.on('error', reject);
      git.on('close', (code) => resolve(code ?? 1));
    });
    await pipeline(git.stdout, extract({ cwd: dir, strict: true }));
    const code = await exited;
    if (code !== 0) throw new Error(stderr.trim() || `git archive exited with ${code}`);
    return { dir, indexFile: path.join(parent, 'index.sqlite'), remove };
  } catch (error) {
    await remove();
    throw new NanodexError('snapshot-failed', `could not read the files of ${sha.slice(0, 12)} from ${root}`, {
      hint: 'check that the commit is in this repository (git cat-file -t SHA)',
      cause: error,
    });
  }
}

/** Whether the working tree has edits to tracked files (an index of it would not be the checked-out commit). */
export async function hasTrackedEdits(root: string): Promise<boolean> {
  const git = spawn('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  git.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const code = await new Promise<number>((resolve) => {
    git.on('error', () => resolve(1));
    git.on('close', (c) => resolve(c ?? 1));
  });
  return code !== 0 || out.trim() !== '';
}
