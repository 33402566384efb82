import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../../src/core/changes/apply-change.js';
import { contentSha256 } from '../../../src/core/changes/content-sha256.js';
import { about, applied, parsed } from './change-fixtures.js';

const source = 'export function add(a, b) {\n  return a + b;\n}\n\nexport const one = 1;\n';
const repo = { 'src/math.ts': source, 'README.md': '# demo\n' };
const patch = (fields: Record<string, unknown>) => ({ kind: 'patch', ...about, path: 'src/math.ts', ...fields });

describe('applyChanges', () => {
  it('computes before and after in memory, never writing through the reader', async () => {
    const reads: string[] = [];
    const files: Record<string, string> = { ...repo };
    const changes = parsed([patch({ format: 'whole_file', content: 'export {};\n' })]);
    const [result] = await applyChanges(changes, async (path) => (reads.push(path), files[path]));
    expect(result).toMatchObject({ ok: true, before: source, after: 'export {};\n', risk: 1 });
    expect(files).toEqual(repo);
    expect(reads).toEqual(['src/math.ts']);
  });

  describe('with a base sha256', () => {
    it('applies when the hash is that of the current file', async () => {
      const [result] = await applied(repo, [patch({ format: 'whole_file', content: 'x\n', baseSha256: contentSha256(source) })]);
      expect(result?.ok).toBe(true);
    });

    it('fails as a conflict when the file has moved on', async () => {
      const stale = contentSha256('export function add(a, b) {}\n');
      const [result] = await applied(repo, [patch({ format: 'whole_file', content: 'x\n', baseSha256: stale })]);
      expect(result).toMatchObject({ ok: false });
      expect(result?.ok === false && result.reason).toBe(
        `conflict: src/math.ts has changed since the change was written (sha256 ${contentSha256(source).slice(0, 12)}…, expected ${stale.slice(0, 12)}…); onConflict is "fail", so it is not applied; fix: regenerate the change against the current file`,
      );
    });

    it('checks a deletion against its expected hash too', async () => {
      const [result] = await applied(repo, [{ kind: 'file_delete', ...about, path: 'README.md', expectedSha256: 'f'.repeat(64) }]);
      expect(result?.ok === false && result.reason).toMatch(/^conflict: README.md has changed/);
    });
  });

  describe('a unified diff', () => {
    it('applies with jsdiff when its context matches', async () => {
      const diff = '@@ -1,3 +1,3 @@\n export function add(a, b) {\n-  return a + b;\n+  return b + a;\n }\n';
      const [result] = await applied(repo, [patch({ format: 'unified', diff })]);
      expect(result?.ok && result.after).toBe(source.replace('a + b', 'b + a'));
    });

    it('fails cleanly when it does not apply', async () => {
      const diff = '@@ -1,3 +1,3 @@\n export function sum(a, b) {\n-  return a - b;\n+  return b + a;\n }\n';
      const [result] = await applied(repo, [patch({ format: 'unified', diff })]);
      expect(result).toMatchObject({
        ok: false,
        reason:
          'the diff does not apply to src/math.ts: its context or removed lines differ from the file; fix: regenerate the diff against the current file, or use format search_replace',
      });
    });

    it("falls back to a fuzzy match of its hunks when asked, keeping the file's own context lines", async () => {
      const diff = '@@ -1,3 +1,3 @@\n export function add(a,b) {\n-    return a + b;\n+  return b + a;\n }\n';
      const [result] = await applied(repo, [patch({ format: 'unified', diff, fallback: 'fuzzy' })]);
      expect(result).toMatchObject({ ok: true, risk: 2, after: source.replace('a + b', 'b + a') });
      expect(result?.ok && result.matchConfidence).toBeGreaterThan(0.9);
    });
  });

  describe('search and replace blocks', () => {
    it('replace the asked occurrence, in order', async () => {
      const text = 'a = 1\nb = 1\nc = 1\n';
      const [result] = await applied({ 'x.py': text }, [
        patch({
          path: 'x.py',
          format: 'search_replace',
          blocks: [
            { search: '= 1', replace: '= 2', occurrence: 2 },
            { search: 'c =', replace: 'd =' },
          ],
        }),
      ]);
      expect(result?.ok && result.after).toBe('a = 1\nb = 2\nd = 1\n');
    });

    it('fail when the search text does not occur, saying how to fix it', async () => {
      const [result] = await applied(repo, [patch({ format: 'search_replace', blocks: [{ search: 'return a * b;', replace: '' }] })]);
      expect(result?.ok === false && result.reason).toBe(
        'blocks[0]: the search text does not occur in src/math.ts; fix: copy it exactly from the current file, or set fallback "fuzzy"',
      );
    });

    it('fail when the occurrence asked for is past the last one', async () => {
      const [result] = await applied(repo, [
        patch({ format: 'search_replace', blocks: [{ search: 'export', replace: 'x', occurrence: 3 }] }),
      ]);
      expect(result?.ok === false && result.reason).toBe(
        'blocks[0]: occurrence 3 asked for, but the search text occurs 2 times in src/math.ts',
      );
    });

    it('accept a fuzzy match above the threshold, with its confidence, and raise the risk by one', async () => {
      const blocks = [{ search: 'export function add(a, b) {\n  return a+b;\n}\n', replace: 'export const add = (a, b) => a + b;\n' }];
      const [result] = await applied(repo, [patch({ format: 'search_replace', fallback: 'fuzzy', blocks })]);
      expect(result).toMatchObject({
        ok: true,
        risk: 2,
        matchConfidence: 0.951,
        after: 'export const add = (a, b) => a + b;\n\nexport const one = 1;\n',
        note: 'blocks[0] matched lines 1-3 fuzzily (95% similar); risk raised from 1 to 2',
      });
    });

    it('refuse a fuzzy match below the threshold', async () => {
      const blocks = [{ search: 'function multiply(x, y) {\n  return x * y;\n}', replace: '', matchMode: 'fuzzy' }];
      const [result] = await applied(repo, [patch({ format: 'search_replace', fuzzyThreshold: 0.95, blocks })]);
      expect(result?.ok === false && result.reason).toMatch(
        /^blocks\[0\]: the search text does not occur in src\/math.ts and no fuzzy match was accepted: the closest lines are only \d+% similar \(threshold 95%\)$/,
      );
    });
  });

  describe('file operations', () => {
    it('refuse to create over an existing file unless overwrite is true', async () => {
      const create = { kind: 'file_create', ...about, path: 'README.md', content: '# new\n' };
      const [refused] = await applied(repo, [create]);
      expect(refused).toMatchObject({
        ok: false,
        reason: 'README.md already exists; fix: set overwrite: true to replace it, or send a patch',
      });
      const [allowed] = await applied(repo, [{ ...create, overwrite: true }]);
      expect(allowed).toMatchObject({ ok: true, before: '# demo\n', after: '# new\n' });
    });

    it('fail to rename or delete a file that is absent', async () => {
      const results = await applied(repo, [
        { kind: 'file_rename', ...about, oldPath: 'nope.ts', newPath: 'yes.ts' },
        { kind: 'file_delete', ...about, path: 'nope.ts' },
      ]);
      expect(results.map((r) => !r.ok && r.reason)).toEqual([
        'nope.ts does not exist, so it cannot be renamed',
        'nope.ts does not exist, so it cannot be deleted',
      ]);
    });

    it('apply in sequence: later changes see the earlier ones, failed ones change nothing', async () => {
      const results = await applied(repo, [
        { kind: 'file_rename', ...about, oldPath: 'src/math.ts', newPath: 'src/arith.ts' },
        patch({ format: 'whole_file', content: 'gone?' }),
        patch({ path: 'src/arith.ts', format: 'search_replace', blocks: [{ search: 'one = 1', replace: 'one = 1.0' }] }),
        { kind: 'file_create', ...about, path: 'src/math.ts', content: 'export * from "./arith.js";\n' },
        { kind: 'file_delete', ...about, path: 'src/arith.ts', risk: 0 },
      ]);
      expect(results.map((r) => (r.ok ? `ok risk ${r.risk}` : r.reason))).toEqual([
        'ok risk 1',
        'src/math.ts does not exist; fix: use file_create for a new file',
        'ok risk 1',
        'ok risk 1',
        'ok risk 2',
      ]);
      expect(results[4]?.ok && results[4].before).toBe(source.replace('one = 1', 'one = 1.0'));
    });
  });
});
