import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitChangeHistory } from '../../../src/core/repo/git-change-history.js';
import { findCoChanges } from '../../../src/core/review/find-co-changes.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

function commit(root: string, files: Record<string, string>, message: string): string {
  writeFiles(root, files);
  git(root, ['add', '-A']);
  git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', message]);
  return git(root, ['rev-parse', 'HEAD']).trim();
}

describe('findCoChanges', () => {
  const history = [
    { sha: 'a', files: ['app.py', 'CHANGES.rst', 'ctx.py'] },
    { sha: 'b', files: ['app.py', 'CHANGES.rst'] },
    { sha: 'c', files: ['app.py', 'CHANGES.rst', 'docs/x.rst'] },
    { sha: 'd', files: ['app.py', 'docs/x.rst'] },
    { sha: 'e', files: ['ctx.py'] },
    { sha: 'f', files: Array.from({ length: 40 }, (_, i) => `f${i}.py`).concat('app.py', 'gone.py') },
  ];

  it('lists files that changed with the file in enough of its commits, not the ones in this change or gone', () => {
    const found = findCoChanges(history, ['app.py', 'ctx.py'], (p) => p !== 'gone.py');
    expect(found.window).toBe(6);
    expect(found.skippedLarge).toBe(1);
    expect(found.files).toEqual([
      { path: 'app.py', commits: 4, usuallyWith: [{ path: 'CHANGES.rst', together: 3, confidence: 0.75 }] },
      { path: 'ctx.py', commits: 2, usuallyWith: [] },
    ]);
  });

  it('needs support as well as confidence: two commits together are not a pattern', () => {
    const found = findCoChanges(history.slice(0, 2), ['app.py'], () => true);
    expect(found.files[0]!.usuallyWith).toEqual([]);
  });
});

describe('gitChangeHistory', () => {
  it('reads the commits before a base with their files, and the messages between base and head', async () => {
    const root = makeTempRepo({ 'a.py': '1\n' }, { git: true });
    commit(root, { 'a.py': '2\n', 'b.py': '2\n' }, 'two');
    const base = commit(root, { 'a.py': '3\n' }, 'three');
    const head = commit(root, { 'b.py': '4\n' }, 'fixes #12\n\nbody');
    const history = gitChangeHistory(root);
    const commits = await history.recentCommits(base, 10);
    expect(Array.isArray(commits) && commits.map((c) => c.files)).toEqual([['a.py'], ['a.py', 'b.py'], ['a.py']]);
    expect(await history.messagesBetween(base, head)).toEqual(['fixes #12\n\nbody']);
    expect(await history.recentCommits('--all', 10)).toEqual({ unavailable: 'the base is not a commit sha' });
    expect(await history.messagesBetween('HEAD~1', head)).toEqual([]);
  });

  it('says a shallow clone has no history instead of reading a cut one', async () => {
    const origin = makeTempRepo({ 'a.py': '1\n' }, { git: true });
    commit(origin, { 'a.py': '2\n' }, 'two');
    const head = commit(origin, { 'a.py': '3\n' }, 'three');
    const clone = path.join(makeTempDir(), 'clone');
    git(origin, ['clone', '-q', '--depth', '1', `file://${origin}`, clone]);
    expect(await gitChangeHistory(clone).recentCommits(head, 10)).toEqual({ unavailable: 'the checkout is shallow' });
  });
});
