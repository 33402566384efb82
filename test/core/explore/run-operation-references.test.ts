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

const DECODERS = {
  'pkg/decoders.py':
    'class ZStandardDecoder:\n    def __init__(self):\n        self.decompressor = Zstd()\n\n    def decode(self, data):\n        return self.decompressor.decode(data)\n\n' +
    'class MultiDecoder:\n    def __init__(self, children):\n        self.children = children\n\n    def decode(self, data):\n        for child in self.children:\n            data = child.decode(data)\n        return data\n',
  'pkg/models.py':
    'from pkg.decoders import ZStandardDecoder\n\n\ndef read(data):\n    decoder = ZStandardDecoder()\n    return decoder.decode(data)\n\n\ndef other(text):\n    return text.decode("utf-8")\n',
};

describe('runOperation listing the uses of a method named with its class', () => {
  it('counts the call sites the index resolved to `ZStandardDecoder.decode`, not every `.decode(` on other objects', async () => {
    const state = await roundOver(DECODERS);
    await runOperation({ kind: 'references', symbol: 'ZStandardDecoder.decode' }, state);
    expect(state.findings[0]).toMatch(/^ZStandardDecoder\.decode has 1 call site in 1 file \(pkg\/models\.py\)/);
    expect(state.evidence.list().map((e) => `${e.path} ${e.reason}`)).toEqual(['pkg/models.py calls ZStandardDecoder.decode in read']);
  });

  it('still lists every use of a bare name', async () => {
    const state = await roundOver(DECODERS);
    await runOperation({ kind: 'references', symbol: 'decode' }, state);
    expect(state.findings[0]).toMatch(/^decode is used \d+ times in 2 files/);
  });
});
