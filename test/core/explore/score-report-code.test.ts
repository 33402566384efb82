import { describe, expect, it } from 'vitest';
import type { CodeIndex } from '../../../src/core/code-index/code-index.js';
import { scoreReportCode } from '../../../src/core/explore/score-report-code.js';

describe('scoreReportCode', () => {
  it('looks up a bounded number of the names a pasted log holds, the title ones first', () => {
    const names = Array.from({ length: 100 }, (_, i) => `check-number-${['one', 'two', 'three', 'four'][i % 4]}-${i}`);
    const calls = Array.from({ length: 100 }, (_, i) => `call_${i}(x)`);
    const report = [`False positive for "${names[99]}"`, '', ...names.map((n) => `- "${n}"`), '', '```python', ...calls, '```'].join('\n');
    const searched: string[] = [];
    const defined: string[] = [];
    const index = {
      search: (query: string) => {
        searched.push(query);
        return [];
      },
      findDefinitions: (name: string) => {
        defined.push(name);
        return [];
      },
    } as unknown as CodeIndex;
    scoreReportCode(index, report, { add: () => undefined, files: [], lookedUp: new Set() });
    expect(searched.length).toBeLessThanOrEqual(20);
    expect(searched[0]).toBe(names[99]);
    expect(defined.length).toBeLessThanOrEqual(30);
  });
});
