import { describe, expect, it } from 'vitest';
import { findFocusWindow } from '../../../src/core/explore/find-focus-window.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';

/** A 90 KB engine file: filler functions around the one the question is about. */
function bigEngine(): string {
  const filler = (i: number) =>
    `export function step${i}(value: number): number {\n${'  value = value * 3 + 1; // arithmetic filler\n'.repeat(12)}  return value;\n}\n`;
  const before = Array.from({ length: 80 }, (_v, i) => filler(i)).join('\n');
  const after = Array.from({ length: 80 }, (_v, i) => filler(i + 100)).join('\n');
  const target = [
    'export function computeBackoffDelay(attempt: number, jitterRatio: number): number {',
    '  const exponential = 2 ** attempt * 100;',
    '  return exponential + exponential * jitterRatio;',
    '}',
  ].join('\n');
  return `import { readFileSync } from 'node:fs';\n\n${before}\n${target}\n\n${after}\n`;
}

describe('exploring offline > reading what matches', () => {
  it('reads the matching chunk of a file over 64 KB instead of skipping the file', async () => {
    const engine = bigEngine();
    expect(engine.length).toBeGreaterThan(64 * 1024);
    const { ports, ask } = await explorePorts({ ...SAMPLE_FILES, 'src/core/engine.ts': engine });
    const result = await run(ask('how is the backoff delay computed with jitter ratio'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const targetLine = engine.split('\n').findIndex((l) => l.startsWith('export function computeBackoffDelay')) + 1;
    const hit = result.context.evidence.find((e) => e.path === 'src/core/engine.ts');
    expect(hit).toBeDefined();
    expect(hit!.startLine).toBeLessThanOrEqual(targetLine);
    expect(hit!.endLine).toBeGreaterThanOrEqual(targetLine);
    expect(hit!.startLine).toBeGreaterThan(1);
    expect(result.context.knownGaps.join('\n')).not.toMatch(/too big/);
  });

  it('lists the matching code first and file heads after it', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run({ ...ask('how are uploads retried'), command: 'ask' }, ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const relevance = result.context.evidence.map((e) => e.relevance ?? 0);
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
    expect(result.context.evidence[0]!.reason).toMatch(/^(matches the question|definition of|holds the question's words)/);
  });
});

describe('findFocusWindow', () => {
  const lines = Array.from({ length: 80 }, (_v, i) => (i === 55 ? '  const delay = computeBackoff(attempt, jitter);' : `  noise${i}();`));

  it("keeps the part of a long chunk where the question's words are, centred on them", () => {
    // Every 20-line window holding line 56 scores the same; the middle one puts it near the centre, not at the edge.
    expect(findFocusWindow(lines, { start: 1, end: 80 }, 'where is the backoff jitter computed', 20)).toEqual({ start: 47, end: 66 });
  });

  it('leaves a short range, or one where no word occurs, as it is', () => {
    expect(findFocusWindow(lines, { start: 50, end: 60 }, 'backoff', 20)).toEqual({ start: 50, end: 60 });
    expect(findFocusWindow(lines, { start: 1, end: 80 }, 'unrelated words', 20)).toEqual({ start: 1, end: 80 });
  });
});
