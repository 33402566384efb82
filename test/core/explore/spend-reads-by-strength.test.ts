import { describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { EvidenceSet } from '../../../src/core/explore/evidence-set.js';
import { planFollowUp } from '../../../src/core/explore/plan-follow-up.js';
import { isStrong, MIN_CANDIDATE_STRENGTH, readMatches } from '../../../src/core/explore/plan-heuristically.js';
import type { Candidate, Operation, RepoExplorationPlan } from '../../../src/core/explore/types.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

const search: Operation = { kind: 'search', query: 'how are uploads retried' };
const chunk = (startLine: number, relevance: number) => ({
  startLine,
  endLine: startLine + 9,
  context: `chunk at ${startLine}`,
  relevance,
});
const candidate = (path: string, strength: number, chunks = [chunk(10, 0.9), chunk(40, 0.6)]): Candidate => ({
  path,
  reason: 'matches',
  priority: 5,
  strength,
  chunks,
});
const paths = (ops: Operation[]) => [...new Set(ops.map((op) => ('path' in op ? op.path : op.kind)))];

describe('spending reads by the strength of a candidate', () => {
  describe('readMatches', () => {
    it('reads the matching chunks of candidates close to the first, and only a glance at one scored far below it', () => {
      const ops = readMatches(
        [candidate('src/upload.ts', 1), candidate('src/retry.ts', 0.7), candidate('src/log.ts', MIN_CANDIDATE_STRENGTH / 2)],
        search,
      );
      expect(ops.map((op) => [paths([op])[0], op.kind === 'chunk' ? op.focusLines : undefined])).toEqual([
        ['src/upload.ts', undefined],
        ['src/upload.ts', undefined],
        ['src/retry.ts', undefined],
        ['src/retry.ts', undefined],
        ['src/log.ts', 8],
      ]);
    });

    it("glances at a weak candidate only when its best chunk matched nearly as well as the search's best", () => {
      const ops = readMatches([candidate('a.ts', 1), candidate('weak.ts', 0.2, [chunk(5, 0.5), chunk(30, 0.45)])], search);
      expect(paths(ops)).toEqual(['a.ts']);
    });

    it('reads every candidate as before when they carry no strength (a model plan)', () => {
      const ops = readMatches([candidate('a.ts', 1), { ...candidate('b.ts', 1), strength: undefined }], search);
      expect(paths(ops)).toEqual(['a.ts', 'b.ts']);
      expect(ops.filter((op) => op.kind === 'chunk' && op.path === 'b.ts')).toHaveLength(2);
    });

    it('does not fall back to the plain search when only weak candidates matched', () => {
      const ops = readMatches([candidate('named.ts', 1, []), candidate('weak.ts', 0.1, [chunk(3, 0.3)])], search);
      expect(ops).toEqual([]);
    });

    it('falls back to the plain search when every match is under its bar and no head is read instead', () => {
      const ops = readMatches([candidate('first.ts', 1, [chunk(3, 0.2)]), candidate('weak.ts', 0.1, [chunk(3, 0.3)])], search);
      expect(ops).toEqual([search]);
    });

    it('falls back to the plain search when no candidate matched the words at all', () => {
      expect(readMatches([candidate('named.ts', 1, [])], search)).toEqual([search]);
    });
  });

  it('isStrong draws the line at MIN_CANDIDATE_STRENGTH', () => {
    expect(isStrong(candidate('a.ts', MIN_CANDIDATE_STRENGTH))).toBe(true);
    expect(isStrong(candidate('a.ts', MIN_CANDIDATE_STRENGTH - 0.01))).toBe(false);
  });

  it('planFollowUp deepens strong candidates only', async () => {
    const { repo } = await explorePorts();
    const plan: RepoExplorationPlan = {
      intent: 'flow',
      diagramType: undefined,
      questions: [],
      candidates: [candidate('src/server.ts', 1, [chunk(1, 0.8)]), candidate('src/http/headers.ts', 0.2, [chunk(1, 0.9)])],
      operations: [],
      maxRounds: 3,
    };
    const ops = planFollowUp(plan, new SqliteCodeIndex(repo.store), new EvidenceSet(() => true), new Set(), 1, 'question');
    expect(paths(ops)).toEqual(['src/server.ts']);
  });
});

/** A file of `count` filler methods around one line that holds the question's words. */
function longClass(count: number, wordsAt: number): string {
  const body = Array.from({ length: count }, (_v, i) =>
    i === wordsAt ? '  settleLedgerBalance() { return this.ledger.settle(); }' : `  step${i}() { return ${i}; }`,
  );
  return `export class AccountBook {\n${body.join('\n')}\n}\n`;
}

describe('reading a definition longer than a snippet', () => {
  it("keeps the part where the question's words are, not only its first lines", async () => {
    const text = longClass(200, 150);
    const { ports, ask } = await explorePorts({ 'src/accounts.ts': text });
    const result = await run(ask('how does AccountBook settle the ledger balance'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const target = text.split('\n').findIndex((l) => l.includes('settleLedgerBalance')) + 1;
    // The class's header, and the part where the words are: its method they point at (find-matching-definitions).
    const definition = result.context.evidence.find(
      (e) => e.source === 'definition' && e.path === 'src/accounts.ts' && e.startLine <= target && e.endLine >= target,
    );
    expect(definition).toBeDefined();
    expect(definition!.startLine).toBeLessThanOrEqual(target);
    expect(definition!.endLine).toBeGreaterThanOrEqual(target);
    expect(definition!.endLine - definition!.startLine + 1).toBeLessThanOrEqual(80);
    expect(definition!.reason).toMatch(/where its words are/);
  });
});

describe('a class whose methods do not hold the question words', () => {
  it('is read where the words are, as any long definition', async () => {
    const filler = Array.from({ length: 150 }, (_v, i) => `  step${i}() { return ${i}; }`);
    const text = `export class AccountBook {\n${filler.join('\n')}\n  ledgerBalance = settleLater();\n}\n`;
    const { ports, ask } = await explorePorts({ 'src/accounts.ts': text });
    const result = await run(ask('how does AccountBook settle the ledger balance'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const target = text.split('\n').findIndex((l) => l.includes('ledgerBalance')) + 1;
    expect(
      result.context.evidence.some(
        (e) => e.source === 'definition' && e.startLine <= target && e.endLine >= target && e.reason.includes('where its words are'),
      ),
    ).toBe(true);
  });
});
