import { describe, expect, it } from 'vitest';
import { httpTarget } from '../../../scripts/fuzz/http-target.js';
import { runTarget } from '../../../scripts/fuzz/run-target.js';

// The fuzz target of `npm run fuzz -- --only http`, a few hundred inputs: the App's server on loopback in this process.
describe('httpTarget (npm run fuzz)', () => {
  it('answers a signed GitHub example 200 and the same with a forged signature 401, as its oracle expects', async () => {
    await httpTarget.prepare?.();
    const input = {
      request: 'webhook',
      event: 'body',
      delivery: 'd-1',
      signature: 'valid',
      contentType: 'application/json',
      body: { kind: 'example', base: 0, mutations: [] },
      framing: 'length',
      splits: [0.3],
      extraHeader: undefined,
    } as const;
    expect(await httpTarget.check(input as never)).toEqual({ accepted: true });
    expect(await httpTarget.check({ ...input, signature: 'forged' } as never)).toBeUndefined();
  }, 60_000);

  it('finds no crash, 500 or wrong answer in 300 hostile requests', async () => {
    // Slowness is the full run's concern; here a loaded machine may take seconds over a 2 MB body.
    const report = await runTarget({ ...httpTarget, slowMs: 20_000 }, { seed: 27, scale: 300 / httpTarget.runs });
    expect(report.inputs).toBe(300);
    expect(report.failure).toBeUndefined();
    expect(report.crashes + report.violations).toBe(0);
  }, 120_000);
});
