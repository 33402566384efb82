import { describe, expect, it } from 'vitest';
import { BudgetMeter } from '../../../src/core/budget/budget-meter.js';
import { DEFAULT_BUDGET } from '../../../src/core/budget/budget.js';
import { EvidenceSet } from '../../../src/core/explore/evidence-set.js';
import { runOperation, type RoundState } from '../../../src/core/explore/run-operation.js';
import { explorePorts, fixedClock } from '../../helpers/explore-fixture.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();
const key = corpus.find((s) => s.name === 'RSA private key (PEM)')!.value;
const token = corpus.find((s) => s.name === 'GitHub token ghp_')!;

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

describe('runOperation reading a file', () => {
  describe('when the file holds a private key under an ordinary name', () => {
    it('shows nothing of it, says why, and charges no context', async () => {
      const state = await roundOver({ 'keys/AWS_KEY.txt': `${key}\n`, 'src/a.ts': 'export const a = 1;\n' });
      expect(state.index.getFile('keys/AWS_KEY.txt')).toBeDefined();
      const outcome = await runOperation({ kind: 'head', path: 'keys/AWS_KEY.txt', maxLines: 40 }, state);
      expect(outcome).toEqual({ ok: true, added: 0 });
      expect(state.evidence.list()).toEqual([]);
      expect(state.gaps).toEqual(['keys/AWS_KEY.txt was not shown: it holds a private key']);
      expect(state.meter.usage().contextTokens).toBe(0);
    });
  });

  describe('when the path says secrets, like .env', () => {
    it('reads no byte of it', async () => {
      const state = await roundOver({ 'src/a.ts': 'export const a = 1;\n' });
      const outcome = await runOperation({ kind: 'head', path: '.env', maxLines: 40 }, state);
      expect(outcome).toEqual({ ok: true, added: 0 });
      expect(state.gaps).toEqual(['.env was not read: its name says it holds secrets']);
      expect(state.meter.usage().bytes).toBe(0);
    });
  });

  describe('when ordinary source holds a token', () => {
    it('shows the lines with the token redacted and the line numbers unchanged', async () => {
      const state = await roundOver({ 'src/client.ts': `export const a = 1;\n${token.inCode}\nexport const b = 2;\n` });
      await runOperation({ kind: 'head', path: 'src/client.ts', maxLines: 40 }, state);
      const [item] = state.evidence.list();
      expect(item).toMatchObject({ startLine: 1, endLine: 3 });
      expect(item!.snippet).toBe("export const a = 1;\nconst token = '[redacted]';\nexport const b = 2;");
    });
  });
});
