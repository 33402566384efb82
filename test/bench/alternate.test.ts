import { describe, expect, it } from 'vitest';
import { alternate } from '../../bench/alternate.js';

describe('alternate', () => {
  it('takes the two measurements in turn, A B A B, each told its run number', async () => {
    const order: string[] = [];
    const [as, bs] = await alternate(
      3,
      async (run) => {
        order.push(`a${run}`);
        return run * 10;
      },
      async (run) => {
        order.push(`b${run}`);
        return `b${run}`;
      },
    );
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(as).toEqual([0, 10, 20]);
    expect(bs).toEqual(['b0', 'b1', 'b2']);
  });
});
