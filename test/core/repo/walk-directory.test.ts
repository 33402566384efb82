import { describe, expect, it } from 'vitest';
import { walkDirectory } from '../../../src/core/repo/walk-directory.js';
import { makeTempRepo } from '../../helpers/temp-repo.js';

const FILES: Record<string, string> = {
  '.gitignore': 'build/\n*.log\n',
  'src/app.py': 'x = 1\n',
  'src/debug.log': 'log\n',
  'src/gen/.gitignore': 'out.py\n',
  'src/gen/out.py': 'y = 2\n',
  'src/gen/keep.py': 'z = 3\n',
  'build/bundle.js': 'b\n',
  'node_modules/x/index.js': 'x\n',
  'docs/deep/er/page.md': '# page\n',
  'README.md': '# r\n',
};

describe('walkDirectory', () => {
  it('lists the files git would, nested .gitignore files applying below their folder', () => {
    const root = makeTempRepo(FILES);
    const { entries, skipped } = walkDirectory(root);
    expect(entries.map((e) => e.path)).toEqual([
      '.gitignore',
      'README.md',
      'docs/deep/er/page.md',
      'src/app.py',
      'src/gen/.gitignore',
      'src/gen/keep.py',
    ]);
    expect(skipped).toEqual([{ path: 'node_modules/', reason: 'vendored' }]);
  });

  describe('given the files the caller wrote (an unpacked tarball)', () => {
    it('applies the same rules to the list as to the folder', () => {
      const root = makeTempRepo(FILES);
      expect(walkDirectory(root, { files: Object.keys(FILES) })).toEqual(walkDirectory(root));
    });

    it('lists only the files named, not others the folder holds', () => {
      const root = makeTempRepo(FILES);
      const { entries } = walkDirectory(root, { files: ['.gitignore', 'src/app.py', 'docs/deep/er/page.md', 'build/bundle.js'] });
      expect(entries).toEqual([
        { path: '.gitignore', kind: 'file' },
        { path: 'docs/deep/er/page.md', kind: 'file' },
        { path: 'src/app.py', kind: 'file' },
      ]);
    });
  });
});
