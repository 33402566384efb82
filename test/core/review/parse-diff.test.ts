import { describe, expect, it } from 'vitest';
import { PathRejectedError } from '../../../src/core/errors.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { git, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const commit = (root: string) => git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-am', 'next']);

describe('parseDiff', () => {
  it('numbers the lines of each side and counts additions and deletions', () => {
    const [file] = parseDiff(
      [
        'diff --git a/src/a.ts b/src/a.ts',
        'index 1111111..2222222 100644',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -10,4 +10,5 @@ export function main() {',
        ' one',
        '-two',
        '+TWO',
        '+three',
        ' four',
        ' five',
        '',
      ].join('\n'),
    );
    expect(file).toMatchObject({ path: 'src/a.ts', status: 'modified', binary: false, additions: 2, deletions: 1 });
    expect(file!.oldPath).toBeUndefined();
    expect(file!.hunks[0]!.header).toBe('@@ -10,4 +10,5 @@ export function main() {');
    expect(file!.hunks[0]!.lines).toEqual([
      { kind: 'context', text: 'one', oldLine: 10, newLine: 10 },
      { kind: 'del', text: 'two', oldLine: 11 },
      { kind: 'add', text: 'TWO', newLine: 11 },
      { kind: 'add', text: 'three', newLine: 12 },
      { kind: 'context', text: 'four', oldLine: 12, newLine: 13 },
      { kind: 'context', text: 'five', oldLine: 13, newLine: 14 },
    ]);
  });

  it('drops the "no newline at end of file" marker without counting it as a line', () => {
    const [file] = parseDiff(
      [
        'diff --git a/k.txt b/k.txt',
        'index de98044..36ef1ba 100644',
        '--- a/k.txt',
        '+++ b/k.txt',
        '@@ -1,2 +1,2 @@',
        ' a',
        '-c',
        '\\ No newline at end of file',
        '+c',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    expect(file!.hunks[0]!.lines.map((l) => `${l.kind}:${l.text}`)).toEqual(['context:a', 'del:c', 'add:c']);
    expect(file).toMatchObject({ additions: 1, deletions: 1 });
  });

  it("keeps git's numbering for a side with no lines (an insertion after line 5)", () => {
    const [file] = parseDiff('diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -5,0 +6,2 @@\n+a\n+b\n');
    expect(file!.hunks[0]).toMatchObject({ oldStart: 5, oldLines: 0, newStart: 6, newLines: 2 });
    expect(file!.hunks[0]!.lines.map((l) => l.newLine)).toEqual([6, 7]);
  });

  it('reads renames with and without changes, and names the old path', () => {
    const files = parseDiff(
      [
        'diff --git a/moved.txt b/moved2.txt',
        'similarity index 100%',
        'rename from moved.txt',
        'rename to moved2.txt',
        'diff --git a/old.txt b/new name.txt',
        'similarity index 73%',
        'rename from old.txt',
        'rename to new name.txt',
        'index f384549..c6a1cb7 100644',
        '--- a/old.txt',
        '+++ b/new name.txt\t',
        '@@ -1,2 +1,2 @@',
        ' one',
        '-four',
        '+FOUR',
        '',
      ].join('\n'),
    );
    expect(files.map((f) => [f.path, f.oldPath, f.status, f.hunks.length])).toEqual([
      ['moved2.txt', 'moved.txt', 'renamed', 0],
      ['new name.txt', 'old.txt', 'renamed', 1],
    ]);
  });

  it('reads mode changes, empty new files and binary files as files without hunks', () => {
    const files = parseDiff(
      [
        'diff --git a/run.sh b/run.sh',
        'old mode 100644',
        'new mode 100755',
        'diff --git a/empty b/empty',
        'new file mode 100644',
        'index 0000000..e69de29',
        'diff --git a/logo.png b/logo.png',
        'index bdc955b..350ed01 100644',
        'Binary files a/logo.png and b/logo.png differ',
        '',
      ].join('\n'),
    );
    expect(files.map((f) => [f.path, f.status, f.binary, f.hunks.length])).toEqual([
      ['run.sh', 'modified', false, 0],
      ['empty', 'added', false, 0],
      ['logo.png', 'modified', true, 0],
    ]);
  });

  it('names a deleted file by its old path', () => {
    const [file] = parseDiff(
      'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex b77b4eb..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n',
    );
    expect(file).toMatchObject({ path: 'gone.txt', status: 'deleted', additions: 0, deletions: 2 });
    expect(file!.hunks[0]).toMatchObject({ newStart: 0, newLines: 0 });
  });

  it("decodes git's quoted paths", () => {
    const [file] = parseDiff(
      'diff --git "a/t\\303\\251st \\"q\\".txt" "b/t\\303\\251st \\"q\\".txt"\nnew file mode 100644\n--- /dev/null\n+++ "b/t\\303\\251st \\"q\\".txt"\n@@ -0,0 +1 @@\n+x\n',
    );
    expect(file!.path).toBe('tést "q".txt');
  });

  it('rejects a path that climbs out of the repository instead of using it', () => {
    const evil = 'diff --git a/../etc/passwd b/../etc/passwd\n--- a/../etc/passwd\n+++ b/../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n';
    expect(() => parseDiff(evil)).toThrow(PathRejectedError);
    expect(() => parseDiff(evil)).toThrow(/contains a "\.\." segment/);
  });

  it('says that a broken diff could not be parsed', () => {
    expect(() => parseDiff('diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n')).toThrow(/the diff could not be parsed/);
  });

  it('returns nothing for an empty diff', () => {
    expect(parseDiff('')).toEqual([]);
  });

  it('reads what git diff prints for a real change', () => {
    const root = makeTempRepo({ 'src/keep.ts': 'export const a = 1;\nexport const b = 2;\n', 'gone.md': '# gone\n' }, { git: true });
    writeFiles(root, { 'src/keep.ts': 'export const a = 1;\nexport const b = 3;' });
    git(root, ['rm', '-q', 'gone.md']);
    commit(root);
    const files = parseDiff(git(root, ['diff', 'HEAD~1', 'HEAD']));
    expect(files.map((f) => [f.path, f.status, f.additions, f.deletions])).toEqual([
      ['gone.md', 'deleted', 0, 1],
      ['src/keep.ts', 'modified', 1, 1],
    ]);
    expect(files[1]!.hunks[0]!.lines.at(-1)).toEqual({ kind: 'add', text: 'export const b = 3;', newLine: 2 });
  });
});
