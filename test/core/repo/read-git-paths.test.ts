import { appendFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGitListing, readGitPaths } from '../../../src/core/repo/git-listing.js';
import { git, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

/** A work tree with a modified, a deleted, an untracked, an ignored file and a symlink. */
function busyTree(): string {
  const root = makeTempRepo({ 'a.py': 'x = 1\n', 'b.py': 'y = 2\n', 'src/c.ts': 'export {}\n', '.gitignore': 'build/\n' }, { git: true });
  symlinkSync('a.py', path.join(root, 'link.py'));
  git(root, ['add', 'link.py']);
  appendFileSync(path.join(root, 'a.py'), 'z = 3\n');
  rmSync(path.join(root, 'b.py'));
  writeFiles(root, { 'new.py': 'w = 4\n', 'build/out.js': 'var a;\n' });
  return root;
}

describe('readGitPaths', () => {
  it('lists the paths the staged listing lists: tracked regular files, then untracked ones .gitignore leaves', async () => {
    const root = busyTree();
    const { clean, dirty } = (await (await readGitListing(root))!.readStaged()).readFiles();
    const paths = await readGitPaths(root);
    expect(paths).toEqual(['.gitignore', 'a.py', 'b.py', 'src/c.ts', 'new.py']);
    expect(new Set(paths)).toEqual(new Set([...clean.keys(), ...dirty]));
  });

  it('lists a folder below the top of the work tree relative to that folder', async () => {
    const root = busyTree();
    expect(await readGitPaths(path.join(root, 'src'))).toEqual(['c.ts']);
  });

  it('answers undefined for a folder that is not in a work tree, or that the work tree ignores', async () => {
    expect(await readGitPaths(makeTempRepo({ 'a.py': 'x = 1\n' }))).toBeUndefined();
    expect(await readGitPaths(path.join(busyTree(), 'build'))).toBeUndefined();
  });
});
