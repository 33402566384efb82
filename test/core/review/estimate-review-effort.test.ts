import { describe, expect, it } from 'vitest';
import type { WalkthroughFile } from '../../../src/core/review/build-walkthrough.js';
import type { SymbolChange } from '../../../src/core/review/compare-symbols.js';
import { estimateReviewEffort } from '../../../src/core/review/estimate-review-effort.js';

function file(path: string, additions: number, deletions: number, symbolChanges: SymbolChange[] = []): WalkthroughFile {
  return { path, status: 'modified', additions, deletions, symbolChanges };
}

const signature = (name: string): SymbolChange => ({
  kind: 'signature',
  name,
  symbolKind: 'function',
  line: 1,
  before: `${name}(a)`,
  after: `${name}(a, b)`,
});

describe('estimateReviewEffort', () => {
  it('scores a typo fix in the README 1, with its size as the reason', () => {
    expect(estimateReviewEffort({ walkthrough: { files: [file('README.md', 1, 1)], moved: [] } })).toEqual({
      score: 1,
      reasons: ['2 lines changed in 1 file'],
    });
  });

  it('does not count a lockfile or a bundle: a dependency bump with a big lockfile diff stays small', () => {
    const effort = estimateReviewEffort({
      walkthrough: { files: [file('package.json', 1, 1), file('package-lock.json', 900, 700)], moved: [] },
    });
    expect(effort).toEqual({ score: 1, reasons: ['2 lines changed in 1 file'] });
  });

  it('scores a bug fix with its test 2', () => {
    const effort = estimateReviewEffort({ walkthrough: { files: [file('src/a.ts', 12, 4), file('test/a.test.ts', 25, 0)], moved: [] } });
    expect(effort).toEqual({ score: 2, reasons: ['41 lines changed in 2 files across 2 folders'] });
  });

  it('scores a cross-cutting refactor 5: big, wide, with signature changes and risky patterns, each a reason with its figure', () => {
    const files = [
      ...['api', 'core', 'adapters', 'helpers', 'cli', 'server'].flatMap((dir) => [
        file(`src/${dir}/one.ts`, 40, 30, dir === 'core' ? [signature('send'), signature('open')] : []),
        file(`src/${dir}/two.py`, 20, 10),
      ]),
      file('cmd/main.go', 5, 5),
    ];
    const effort = estimateReviewEffort({
      walkthrough: { files, moved: [] },
      drafts: [{ path: 'src/core/one.ts', quote: 'eval(x)', body: 'eval', kind: 'risk:eval', severity: 'warning' }],
    });
    expect(effort).toEqual({
      score: 5,
      reasons: [
        '610 lines changed in 13 files across 7 folders',
        '3 languages (go, python, typescript)',
        '2 signature changes',
        '1 risky pattern',
      ],
    });
  });

  it('names a hot spot from the history when the change is more than a few lines', () => {
    const history = { window: 500, skippedLarge: 0, files: [{ path: 'src/a.ts', commits: 60, usuallyWith: [] }] };
    const walkthrough = { files: [file('src/a.ts', 40, 10)], moved: [] };
    expect(estimateReviewEffort({ walkthrough, history })).toEqual({
      score: 3,
      reasons: ['50 lines changed in 1 file', 'src/a.ts changed in 60 of the last 500 commits'],
    });
    // A two-line change to the same file is still a glance.
    expect(estimateReviewEffort({ walkthrough: { files: [file('src/a.ts', 1, 1)], moved: [] }, history }).score).toBe(1);
  });

  it('counts findings that may break callers, not questions', () => {
    const finding = (severity: 'error' | 'check') => ({
      rule: 'callers-not-updated',
      severity,
      path: 'src/a.ts',
      line: 1,
      message: 'm',
      evidence: [],
    });
    const walkthrough = { files: [file('src/a.ts', 3, 1)], moved: [] };
    expect(estimateReviewEffort({ walkthrough, findings: [finding('check')] })).toEqual({
      score: 1,
      reasons: ['4 lines changed in 1 file'],
    });
    expect(estimateReviewEffort({ walkthrough, findings: [finding('error')] })).toEqual({
      score: 2,
      reasons: ['1 finding that may break callers', '4 lines changed in 1 file'],
    });
  });
});
