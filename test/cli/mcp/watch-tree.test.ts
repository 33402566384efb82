import { appendFileSync, mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CHANGED_PATHS, TreeWatch, type TreeChange } from '../../../src/cli/mcp/watch-tree.js';
import { cleanUpAfterTest } from '../../helpers/clean-up-after-test.js';
import { makeTempRepo } from '../../helpers/temp-repo.js';

/** Written last in each test: inotify reports a process's events in order, so once it is named, every change before it was heard. */
const SENTINEL = 'zz-sentinel.txt';

/** A tree with files at the top and in folders, a .gitignore, an ignored build/ and a .git/ folder. */
function watchedTree(): { root: string; watch: TreeWatch } {
  const root = makeTempRepo({
    '.gitignore': 'build/\n*.log\n',
    'a.ts': 'export const a = 1;\n',
    'b.ts': 'export const b = 1;\n',
    'src/c.ts': 'export const c = 1;\n',
    'src/deep/d.ts': 'export const d = 1;\n',
    'build/out.js': 'built\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
  });
  const watch = new TreeWatch(root);
  cleanUpAfterTest(() => watch.close());
  return { root, watch };
}

/**
 * Every change the watch reports until the sentinel is named (or one it
 * cannot name is reported), merged: `take()` may be called between events.
 */
async function changesUntilSentinel(root: string, watch: TreeWatch): Promise<TreeChange> {
  writeFileSync(path.join(root, SENTINEL), 'done\n');
  const paths = new Set<string>();
  let unknown = false;
  for (let waited = 0; waited < 30_000 && !unknown && !paths.has(SENTINEL); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const change = watch.take();
    if (change.kind === 'unknown') unknown = true;
    if (change.kind === 'paths') for (const file of change.paths) paths.add(file);
  }
  if (unknown) return { kind: 'unknown' };
  return { kind: 'paths', paths: [...paths].filter((file) => file !== SENTINEL).sort() };
}

describe.runIf(process.platform === 'linux')('TreeWatch', () => {
  describe('when files are written, changed and removed', () => {
    it('names each of them, in folders too, and nothing else', async () => {
      const { root, watch } = watchedTree();
      writeFileSync(path.join(root, 'new.ts'), 'export const n = 1;\n');
      appendFileSync(path.join(root, 'b.ts'), 'export const b2 = 2;\n');
      unlinkSync(path.join(root, 'a.ts'));
      appendFileSync(path.join(root, 'src/deep/d.ts'), 'export const d2 = 2;\n');

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'paths', paths: ['a.ts', 'b.ts', 'new.ts', 'src/deep/d.ts'] });
    });

    it('names a renamed file by its old path and its new one', async () => {
      const { root, watch } = watchedTree();
      renameSync(path.join(root, 'src/c.ts'), path.join(root, 'src/deep/moved.ts'));

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'paths', paths: ['src/c.ts', 'src/deep/moved.ts'] });
    });

    it('leaves out what .gitignore ignores and what is inside .git/', async () => {
      const { root, watch } = watchedTree();
      writeFileSync(path.join(root, 'debug.log'), 'noise\n');
      writeFileSync(path.join(root, 'build/out.js'), 'rebuilt\n');
      writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/other\n');
      appendFileSync(path.join(root, 'b.ts'), '// edited\n');

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'paths', paths: ['b.ts'] });
    });

    it('names a symlink made to a folder as a path of its own, without watching through it', async () => {
      const { root, watch } = watchedTree();
      symlinkSync(path.join(root, 'src'), path.join(root, 'linked'));

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'paths', paths: ['linked'] });
    });

    it('starts a new record after each take', async () => {
      const { root, watch } = watchedTree();
      mkdirSync(path.join(root, 'src/fresh'));
      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });

      appendFileSync(path.join(root, 'b.ts'), '// edited\n');
      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'paths', paths: ['b.ts'] });
    });
  });

  describe('when it cannot vouch for the paths it heard of', () => {
    it('says unknown for a folder made (the files below it are not named)', async () => {
      const { root, watch } = watchedTree();
      mkdirSync(path.join(root, 'src/added'));
      writeFileSync(path.join(root, 'src/added/e.ts'), 'export const e = 1;\n');

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it('says unknown for a folder removed', async () => {
      const { root, watch } = watchedTree();
      rmSync(path.join(root, 'src/deep'), { recursive: true });

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it('says unknown for a folder renamed', async () => {
      const { root, watch } = watchedTree();
      renameSync(path.join(root, 'src/deep'), path.join(root, 'src/shallow'));

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it('says unknown for an ignored folder removed (it may hold tracked files the watch never heard of)', async () => {
      const { root, watch } = watchedTree();
      rmSync(path.join(root, 'build'), { recursive: true });

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it('says unknown for a .gitignore changed (any path may now be listed or left out)', async () => {
      const { root, watch } = watchedTree();
      appendFileSync(path.join(root, '.gitignore'), 'src/deep/\n');

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it(`says unknown past ${MAX_CHANGED_PATHS} paths`, async () => {
      const { root, watch } = watchedTree();
      for (let i = 0; i <= MAX_CHANGED_PATHS; i++) writeFileSync(path.join(root, `src/gen-${i}.ts`), `export const g${i} = ${i};\n`);

      expect(await changesUntilSentinel(root, watch)).toEqual({ kind: 'unknown' });
    });

    it('says unknown after an update failed (markDirty), so the next one lists everything', () => {
      const { watch } = watchedTree();
      watch.markDirty();

      expect(watch.take()).toEqual({ kind: 'unknown' });
      expect(watch.take()).toEqual({ kind: 'none' });
    });
  });
});
