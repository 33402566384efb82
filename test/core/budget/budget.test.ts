import { describe, expect, it } from 'vitest';
import { BudgetMeter } from '../../../src/core/budget/budget-meter.js';
import { DEFAULT_BUDGET, describeRaise, MAX_BUDGET, resolveBudget } from '../../../src/core/budget/budget.js';
import { parseBudgetWords } from '../../../src/core/budget/parse-budget-words.js';
import { fixedClock } from '../../helpers/explore-fixture.js';

describe('parseBudgetWords', () => {
  it('takes budget words out of the prompt and leaves the question', () => {
    expect(parseBudgetWords('plan add retries budget=30k rounds=3 files=10 focus=src/auth to the uploader')).toEqual({
      overrides: { contextTokens: 30_000, rounds: 3, files: 10 },
      focus: ['src/auth'],
      prompt: 'plan add retries to the uploader',
      problems: [],
    });
  });

  it('reads bytes in KB or MB and time in seconds or minutes', () => {
    expect(parseBudgetWords('x bytes=256 time=2m').overrides).toEqual({ bytes: 256 * 1024, wallMs: 120_000 });
    expect(parseBudgetWords('x kb=1mb time=90s').overrides).toEqual({ bytes: 1024 * 1024, wallMs: 90_000 });
  });

  it('says what is wrong with a word it cannot read, and leaves it in the prompt', () => {
    const words = parseBudgetWords('why rounds=lots');
    expect(words.problems).toEqual(['rounds=lots is not a positive amount (try rounds=3)']);
    expect(words.prompt).toBe('why rounds=lots');
  });

  it('reads budget words from the first line only, never from text pasted below it', () => {
    const report =
      'locate why the retry test fails rounds=2\n<testsuite time="0.048">\n<testcase name="retry" time=0.048 files=lots/>\n</testsuite>';
    const words = parseBudgetWords(report);
    expect(words.problems).toEqual([]);
    expect(words.overrides).toEqual({ rounds: 2 });
    expect(words.prompt).toBe(
      'locate why the retry test fails\n<testsuite time="0.048">\n<testcase name="retry" time=0.048 files=lots/>\n</testsuite>',
    );
  });

  it('keeps the lines of what is pasted below the command line: a traceback is read frame by frame', () => {
    const words = parseBudgetWords(
      'debug   rounds=2  the crash\r\nTraceback (most recent call last):\n  File "/usr/lib/site-packages/pkg/a.py", line 3, in f   \n\n\n\n    g()\n',
    );
    expect(words.prompt).toBe(
      'debug the crash\nTraceback (most recent call last):\n  File "/usr/lib/site-packages/pkg/a.py", line 3, in f\n\n    g()',
    );
  });

  it('leaves a quoted or bracketed value in the question: it is text, not a budget word', () => {
    const words = parseBudgetWords('why is <case time="0.048"> slow and files=[a.ts] skipped');
    expect(words).toMatchObject({ overrides: {}, problems: [], prompt: 'why is <case time="0.048"> slow and files=[a.ts] skipped' });
  });

  it('does not take words that only look alike', () => {
    expect(parseBudgetWords('set maxfiles=3 and myrounds=2').overrides).toEqual({});
  });
});

describe('resolveBudget', () => {
  it('applies overrides within the maxima and names what it clamped', () => {
    const { budget, clamped } = resolveBudget({ files: 500, rounds: 2 });
    expect(budget).toEqual({ ...DEFAULT_BUDGET, files: MAX_BUDGET.files, rounds: 2 });
    expect(clamped).toEqual(['files']);
  });
});

describe('BudgetMeter', () => {
  it('charges a file once, however often it is read', () => {
    const meter = new BudgetMeter({ ...DEFAULT_BUDGET, files: 2 }, fixedClock());
    expect(meter.touchFile('a.ts', 100)).toEqual({ ok: true });
    expect(meter.touchFile('a.ts', 100)).toEqual({ ok: true });
    expect(meter.usage()).toMatchObject({ files: 1, bytes: 100 });
  });

  it('refuses the charge that would pass a limit, and changes nothing', () => {
    const meter = new BudgetMeter({ ...DEFAULT_BUDGET, bytes: 150 }, fixedClock());
    meter.touchFile('a.ts', 100);
    expect(meter.touchFile('b.ts', 100)).toEqual({ ok: false, limit: 'bytes', wanted: 100, used: 100, allowed: 150 });
    expect(meter.usage()).toMatchObject({ files: 1, bytes: 100 });
    expect(meter.hasTouched('b.ts')).toBe(false);
  });

  it('refuses everything once the wall time is spent', () => {
    const clock = fixedClock();
    const meter = new BudgetMeter({ ...DEFAULT_BUDGET, wallMs: 1000 }, clock);
    clock.advance(1001);
    expect(meter.charge('rounds', 1)).toMatchObject({ ok: false, limit: 'wallMs' });
  });
});

describe('resolveBudget, given a value that is not a positive number', () => {
  it.each([Number.NaN, 0, -3, Number.POSITIVE_INFINITY])('refuses %s with the fix', (value) => {
    expect(() => resolveBudget({ files: value })).toThrow(/budget files must be a positive number/);
  });
});

describe('describeRaise', () => {
  it('speaks the units a person types', () => {
    expect(describeRaise('wallMs', DEFAULT_BUDGET)).toBe('add time=240s to the request (at most 600s), or narrow it with focus=<folder>');
    expect(describeRaise('bytes', DEFAULT_BUDGET)).toBe(
      'add bytes=1040kb to the request (at most 4096kb), or narrow it with focus=<folder>',
    );
  });

  it('tells how to raise a limit, or that it is at its maximum', () => {
    expect(describeRaise('files', DEFAULT_BUDGET)).toBe('add files=50 to the request (at most 100), or narrow it with focus=<folder>');
    expect(describeRaise('files', { ...DEFAULT_BUDGET, files: 100 })).toMatch(/already at its maximum/);
  });

  it('always suggests more than the current limit, however small it is', () => {
    const read = (hint: string) => parseBudgetWords(`x ${/add (\S+) to the request/.exec(hint)?.[1] ?? ''}`).overrides;
    expect(describeRaise('contextTokens', { ...DEFAULT_BUDGET, contextTokens: 200 })).toContain('add budget=400 ');
    expect(read(describeRaise('contextTokens', { ...DEFAULT_BUDGET, contextTokens: 200 })).contextTokens).toBeGreaterThan(200);
    expect(read(describeRaise('contextTokens', { ...DEFAULT_BUDGET, contextTokens: 1500 })).contextTokens).toBe(3000);
    expect(read(describeRaise('wallMs', { ...DEFAULT_BUDGET, wallMs: 1 })).wallMs).toBeGreaterThan(1);
    expect(read(describeRaise('bytes', { ...DEFAULT_BUDGET, bytes: 100 })).bytes).toBeGreaterThan(100);
    expect(read(describeRaise('files', { ...DEFAULT_BUDGET, files: 1 })).files).toBe(2);
  });
});
