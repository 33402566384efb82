import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runTarget } from '../../../scripts/fuzz/run-target.js';

describe('runTarget (npm run fuzz)', () => {
  it('runs every input, counting crashes, violations and escapes apart', async () => {
    const report = await runTarget(
      {
        name: 'numbers',
        runs: 500,
        arbitrary: fc.integer({ min: 0, max: 1000 }),
        check: (n) => {
          if (n % 7 === 3) throw new TypeError(`boom ${n}`);
          if (n > 900) return { escape: `${n} is out` };
          if (n % 2 === 1) return { violation: 'odd' };
          return undefined;
        },
      },
      { seed: 42, scale: 1 },
    );

    expect(report.inputs).toBe(500);
    expect(report.crashes).toBeGreaterThan(0);
    expect(report.violations).toBeGreaterThan(0);
    expect(report.escapes).toBeGreaterThan(0);
    expect(report.crashes + report.violations + report.escapes).toBe([...report.kinds.values()].reduce((a, b) => a + b, 0));
    expect(report.failure?.problem).toMatch(/^(crash: TypeError: boom|violation: odd|escape: \d+ is out)/);
  });

  it('shrinks the first failure to the smallest input that fails', async () => {
    const report = await runTarget(
      {
        name: 'threshold',
        runs: 200,
        arbitrary: fc.integer({ min: 0, max: 10_000 }),
        check: (n) => (n >= 300 ? { escape: 'too far' } : undefined),
      },
      { seed: 7, scale: 1 },
    );
    expect(report.failure).toEqual({ problem: 'escape: too far', input: '300' });
  });

  it('reports no failure when every input passes, counts the accepted ones, and scales the number of inputs', async () => {
    const seen: number[] = [];
    const report = await runTarget(
      {
        name: 'fine',
        runs: 100,
        arbitrary: fc.nat(9),
        check: (n) => {
          seen.push(n);
          return n % 2 === 0 ? { accepted: true } : undefined;
        },
      },
      { seed: 1, scale: 0.5 },
    );
    expect(report).toMatchObject({ inputs: 50, crashes: 0, violations: 0, escapes: 0, accepted: seen.filter((n) => n % 2 === 0).length });
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.failure).toBeUndefined();
  });

  it('counts an input slower than its limit as a violation', async () => {
    const report = await runTarget(
      {
        name: 'slow',
        runs: 3,
        slowMs: 5,
        arbitrary: fc.constant(0),
        check: () => {
          const until = performance.now() + 20;
          while (performance.now() < until) {
            /* hold the loop, as a slow parser would */
          }
          return undefined;
        },
      },
      { seed: 1, scale: 1 },
    );
    expect(report.violations).toBe(3);
    expect(report.failure?.problem).toMatch(/^violation: one input took \d+ ms$/);
  });
});
