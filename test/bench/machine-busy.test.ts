import { describe, expect, it } from 'vitest';
import { machineBusyMs } from '../../bench/time-process.js';

describe('machineBusyMs', () => {
  it('grows by at least the CPU this process spends between two readings', () => {
    const before = machineBusyMs();
    const cpuBefore = process.cpuUsage();
    const until = Date.now() + 300;
    let spin = 0;
    while (Date.now() < until) spin++;
    const spent = process.cpuUsage(cpuBefore);
    const after = machineBusyMs();
    expect(spin).toBeGreaterThan(0);
    // The kernel counts in ticks (10 ms): allow one tick per core read of slack.
    expect(after - before).toBeGreaterThanOrEqual((spent.user + spent.system) / 1000 - 50);
  });
});
