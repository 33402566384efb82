import { describe, expect, it } from 'vitest';
import { collectMermaid } from '../../bench/diagram-row.js';
import { renderPerfTable, s, x } from '../../bench/perf-table.js';

describe('renderPerfTable', () => {
  it('pads the columns and escapes a pipe inside a cell', () => {
    const table = renderPerfTable([
      { figure: 'cold mention', nanodex: s(7_500), baseline: 'curl | tar xz 1.00 s wall', ratio: x(7.5), target: '<= 8 s', result: 'PASS' },
    ]);
    expect(table.split('\n')[2]).toBe('| cold mention | 7.50 s  | curl \\| tar xz 1.00 s wall | 7.50x | <= 8 s | PASS   |');
  });
});

describe('collectMermaid', () => {
  it('finds every distinct Mermaid text anywhere in the JSON', () => {
    expect(collectMermaid({ diagrams: [{ mermaid: 'a' }, { nested: { mermaid: 'b' } }, { mermaid: 'a' }] })).toEqual(['a', 'b']);
  });
});
