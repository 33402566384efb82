import { describe, expect, it } from 'vitest';
import { TARGETS, toColdIndexRow, toColdMentionRow, toFirstAnswerRow, toRefreshRow } from '../../bench/cold-path-rows.js';
import { toTiming, type ProcessRun } from '../../bench/time-process.js';

const run = (wallMs: number, cpuMs = wallMs): ProcessRun => ({ wallMs, cpuMs, peakRssMb: 50, code: 0, stdout: 'ok', stderr: '' });
const timing = (...walls: number[]) =>
  toTiming(
    'cmd',
    walls.map((w) => run(w)),
  );

describe('toColdIndexRow', () => {
  it("judges the cold index's CPU against ctags' CPU with the tree's own limit", () => {
    const row = toColdIndexRow('cold index CPU, sympy', run(30_000, 7_000), run(500, 1_000), TARGETS.coldIndexSympyVsCtags);
    expect(row).toMatchObject({
      nanodex: '7.00 s CPU (30.00 s wall)',
      baseline: 'ctags -R 1.00 s CPU',
      ratio: '7.00x',
      target: '<= 8x ctags',
      result: 'PASS',
    });
  });

  it('gives no verdict when ctags is missing', () => {
    expect(toColdIndexRow('cold index CPU, sympy', run(1_000), undefined, 5)).toMatchObject({ baseline: 'ctags missing', result: 'n/a' });
  });
});

describe('toFirstAnswerRow', () => {
  it('passes only within both the seconds and the ratio to ctags wall', () => {
    const fast = toFirstAnswerRow(
      'sympy',
      { ask: timing(2_000, 2_500, 2_900), ctags: timing(1_000, 1_000, 1_000), leftBuilding: 0 },
      { maxMs: 3_000, maxRatio: 3 },
    );
    expect(fast).toMatchObject({
      nanodex: '2.50 s wall (2.50 s CPU)',
      baseline: 'ctags -R 1.00 s wall',
      ratio: '2.50x',
      target: '<= 3 s, <= 3x ctags',
      result: 'PASS',
    });
    const slowerThanCtagsAllows = toFirstAnswerRow(
      'sympy',
      { ask: timing(2_500), ctags: timing(500), leftBuilding: 0 },
      { maxMs: 3_000, maxRatio: 3 },
    );
    expect(slowerThanCtagsAllows.result).toBe('MISS');
  });

  it('has a limit in seconds alone on the whole corpus, and says when a build ran on after the answer', () => {
    const row = toFirstAnswerRow('whole corpus', { ask: timing(4_000), ctags: timing(500), leftBuilding: 1 }, { maxMs: 5_000 });
    expect(row).toMatchObject({ target: '<= 5 s', result: 'PASS' });
    expect(row.figure).toContain('a build ran on after 1 of 1');
  });
});

describe('toColdMentionRow', () => {
  it('judges the median time from delivery to answer against 8 s, beside the download of the same tarball', () => {
    const runs = [9_000, 7_000, 7_500].map((replyMs, i) => ({ replyMs, cpuMs: 5_000, besideMs: [3_000, 100, 200][i]!, workingMs: 400 }));
    const row = toColdMentionRow('sympy', { runs, download: timing(1_000) });
    expect(row).toMatchObject({
      nanodex: '7.50 s (App 5.00 s CPU; "working" at 0.400 s; other processes 0.200 s CPU beside it)',
      baseline: 'curl | tar xz 1.00 s wall',
      ratio: '7.50x',
      result: 'PASS',
    });
  });

  it('misses past 8 s', () => {
    const row = toColdMentionRow('sympy', {
      runs: [{ replyMs: 40_000, cpuMs: 20_000, besideMs: 0, workingMs: undefined }],
      download: timing(1_000),
    });
    expect(row.result).toBe('MISS');
    expect(row.nanodex).not.toContain('working');
  });
});

describe('toRefreshRow', () => {
  const measured = (cpuMs: number, asExpected = true) => ({
    index: toTiming('index', [run(400, cpuMs)]),
    workMs: [90, 100, 110],
    gitStatus: toTiming('git status', [run(60, 50)]),
    asExpected,
  });

  it("judges the process' CPU, with the index's own timing and git status beside it", () => {
    expect(toRefreshRow('re-index after a 1-file edit', measured(250))).toMatchObject({
      nanodex: '0.250 s CPU (0.100 s, 0.400 s wall)',
      baseline: 'git status 0.050 s CPU, 0.060 s wall',
      ratio: '5.00x git status CPU',
      result: 'PASS',
    });
    expect(toRefreshRow('re-index after a 1-file edit', measured(350)).result).toBe('MISS');
  });

  it('misses when the refresh did not re-parse what it should have, and gives no verdict when not judged', () => {
    expect(toRefreshRow('edit', measured(100, false)).result).toBe('MISS');
    expect(toRefreshRow('no change', measured(100), false).result).toBe('n/a');
  });
});
