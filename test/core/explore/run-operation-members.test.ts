import { describe, expect, it } from 'vitest';
import { BudgetMeter } from '../../../src/core/budget/budget-meter.js';
import { DEFAULT_BUDGET } from '../../../src/core/budget/budget.js';
import { EvidenceSet } from '../../../src/core/explore/evidence-set.js';
import { runOperation, type RoundState } from '../../../src/core/explore/run-operation.js';
import { explorePorts, fixedClock } from '../../helpers/explore-fixture.js';

async function roundOver(files: Record<string, string>): Promise<RoundState> {
  const { ports } = await explorePorts(files);
  return {
    index: ports.index,
    source: ports.source,
    meter: new BudgetMeter(DEFAULT_BUDGET, fixedClock()),
    evidence: new EvidenceSet((p) => ports.index.getFile(p) !== undefined),
    round: 1,
    findings: [],
    notes: [],
    gaps: [],
    defined: new Set(),
  };
}

const FILES = {
  'src/engine.py': 'class Engine:\n    def start(self):\n        return 1\n',
  'src/pump.py': 'class Pump:\n    def start(self):\n        return 2\n',
};

describe('runOperation reading the definition of a name as users write it', () => {
  it('finds `x.start` without a "no definition" gap, the member in a file the evidence holds first', async () => {
    const state = await roundOver(FILES);
    await runOperation({ kind: 'head', path: 'src/pump.py', maxLines: 1 }, state);
    await runOperation({ kind: 'definition', symbol: 'x.start' }, state);
    expect(state.gaps).toEqual([]);
    expect(state.defined.has('x.start')).toBe(true);
    expect(state.findings[0]).toMatch(/^x\.start is defined in 2 places: method Pump\.start \(src\/pump\.py:2\), method Engine\.start/);
  });

  it('ranks the class named like the receiver above the files in evidence', async () => {
    const state = await roundOver(FILES);
    await runOperation({ kind: 'head', path: 'src/pump.py', maxLines: 1 }, state);
    await runOperation({ kind: 'definition', symbol: 'engine.start' }, state);
    expect(state.findings[0]).toMatch(/defined in 2 places: method Engine\.start/);
  });

  it("reads `click.prompt` as the module's own function, not a field of that name in a class elsewhere", async () => {
    const state = await roundOver({
      'src/click/core.py': 'class Option:\n    prompt: str = ""\n',
      'src/click/termui.py': 'def prompt(text):\n    return input(text)\n',
    });
    await runOperation({ kind: 'definition', symbol: 'click.prompt' }, state);
    expect(state.gaps).toEqual([]);
    expect(state.findings[0]).toMatch(/defined in 2 places: function prompt \(src\/click\/termui\.py:1\), field Option\.prompt/);
  });
});
