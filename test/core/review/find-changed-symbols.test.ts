import { describe, expect, it } from 'vitest';
import { buildBlastRadius } from '../../../src/core/review/blast-radius.js';
import { findChangedSymbols, findTouchedLines } from '../../../src/core/review/find-changed-symbols.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { makeReviewRepo } from './review-repo.js';

const SERVICE = [
  'export class Service {',
  '  private count = 0;',
  '',
  '  startEngine(): number {',
  '    this.count += 1;',
  '    return this.count;',
  '  }',
  '',
  '  stop(): void {',
  '    this.count = 0;',
  '  }',
  '}',
  '',
].join('\n');

const CALLER = "import { Service } from './service.js';\nexport function boot() {\n  return new Service().startEngine();\n}\n";

describe('findChangedSymbols', () => {
  it('names the method that changed, not its class', async () => {
    const repo = await makeReviewRepo(
      { 'src/service.ts': SERVICE },
      { write: { 'src/service.ts': SERVICE.replace('this.count += 1;', 'this.count += 2;') } },
    );
    const changed = findChangedSymbols(parseDiff(repo.diff), repo.index);
    expect(changed.map((c) => [c.symbol.name, c.symbol.kind, c.change, c.changedLines])).toEqual([
      ['startEngine', 'method', 'modified', 1],
    ]);
  });

  it('names the class when its own lines change', async () => {
    const repo = await makeReviewRepo(
      { 'src/service.ts': SERVICE },
      { write: { 'src/service.ts': SERVICE.replace('  private count = 0;\n', '') } },
    );
    expect(findChangedSymbols(parseDiff(repo.diff), repo.index).map((c) => c.symbol.name)).toEqual(['Service']);
  });

  it('counts a pure deletion for the symbol that now stands where the lines were', async () => {
    const repo = await makeReviewRepo(
      { 'src/service.ts': SERVICE },
      { write: { 'src/service.ts': SERVICE.replace('    this.count = 0;\n', '') } },
    );
    expect(findChangedSymbols(parseDiff(repo.diff), repo.index).map((c) => c.symbol.name)).toEqual(['stop']);
  });
});

describe('findChangedSymbols and deleted top-level code', () => {
  it('does not name the class a function removed after its closing brace sat next to', async () => {
    const HELPER = '\nexport function strip(s: string): string {\n  return s.trim();\n}\n';
    const repo = await makeReviewRepo({ 'src/service.ts': SERVICE + HELPER }, { write: { 'src/service.ts': SERVICE } });
    expect(findChangedSymbols(parseDiff(repo.diff), repo.index).map((c) => c.symbol.name)).toEqual([]);
  });

  it('still names the method whose trailing lines were removed (Python, no closing brace)', async () => {
    const before = 'class A:\n    def run(self):\n        x = 1\n        return x\n\n\ndef other():\n    return 2\n';
    const repo = await makeReviewRepo({ 'pkg/a.py': before }, { write: { 'pkg/a.py': before.replace('        return x\n', '') } });
    expect(findChangedSymbols(parseDiff(repo.diff), repo.index).map((c) => c.symbol.name)).toEqual(['run']);
  });
});

describe('findTouchedLines', () => {
  it('takes added lines, and the next new-side line after a deletion, or the previous one at the end of a hunk', () => {
    const [file] = parseDiff('diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1,5 +1,4 @@\n a\n-b\n c\n+d\n e\n-f\n');
    expect(findTouchedLines(file!).map((t) => t.line)).toEqual([2, 3, 4]);
  });

  it('marks a deletion of top-level code with the other neighbour of the gap it left', () => {
    const [file] = parseDiff('diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1,4 +1,2 @@\n a\n-\n-function f() {}\n b\n');
    expect(findTouchedLines(file!)).toEqual([{ line: 2, alsoInside: 1 }]);
  });
});

describe('buildBlastRadius', () => {
  it('counts callers outside the changed files, with the nearest first', async () => {
    const repo = await makeReviewRepo(
      { 'src/service.ts': SERVICE, 'src/boot.ts': CALLER },
      { write: { 'src/service.ts': SERVICE.replace('+= 1', '+= 2') } },
    );
    const files = parseDiff(repo.diff);
    const [radius] = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, {
      changedPaths: new Set(files.map((f) => f.path)),
    });
    expect(radius).toMatchObject({ direct: 1, total: 1, files: 1, inChangedFiles: 0 });
    expect(radius!.topCallers[0]).toMatchObject({ name: 'boot', path: 'src/boot.ts', line: 3 });
  });

  it('moves callers in files the change also touches to their own count', async () => {
    const repo = await makeReviewRepo(
      { 'src/service.ts': SERVICE, 'src/boot.ts': CALLER },
      {
        write: { 'src/service.ts': SERVICE.replace('+= 1', '+= 2'), 'src/boot.ts': `${CALLER}// booted\n` },
      },
    );
    const files = parseDiff(repo.diff);
    const radius = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, { changedPaths: new Set(files.map((f) => f.path)) });
    expect(radius.find((r) => r.changed.symbol.name === 'startEngine')).toMatchObject({
      direct: 0,
      total: 0,
      inChangedFiles: 1,
      topCallers: [],
    });
  });
});

describe('buildBlastRadius with a common name', () => {
  it('counts a call of a common method name when the receiver is typed (`new Box().get()`)', async () => {
    const repo = await makeReviewRepo(
      {
        'src/box.ts': 'export class Box {\n  get(): number {\n    return 1;\n  }\n}\n',
        'src/use.ts': "import { Box } from './box.js';\nexport function n() {\n  return new Box().get();\n}\n",
        'src/other.ts': 'export function m(map: Map<string, number>) {\n  return map.get("a");\n}\n',
      },
      { write: { 'src/box.ts': 'export class Box {\n  get(): number {\n    return 2;\n  }\n}\n' } },
    );
    const [radius] = buildBlastRadius(findChangedSymbols(parseDiff(repo.diff), repo.index), repo.index, {
      changedPaths: new Set(['src/box.ts']),
    });
    expect(radius).toMatchObject({ direct: 1, total: 1, topCallers: [{ path: 'src/use.ts', name: 'n' }] });
    expect(radius!.ambiguous).toBeUndefined();
  });

  it('claims no caller count for a plain function whose name is too common to link by name', async () => {
    const repo = await makeReviewRepo(
      {
        'src/box.ts': 'export function get(): number {\n  return 1;\n}\n',
        'src/use.ts': "import { get } from './box.js';\nexport const n = get();\n",
      },
      { write: { 'src/box.ts': 'export function get(): number {\n  return 2;\n}\n' } },
    );
    const [radius] = buildBlastRadius(findChangedSymbols(parseDiff(repo.diff), repo.index), repo.index, {
      changedPaths: new Set(['src/box.ts']),
    });
    expect(radius).toMatchObject({ ambiguous: true, direct: 0, total: 0, topCallers: [] });
  });
});
