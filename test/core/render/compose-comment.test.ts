import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET } from '../../../src/core/budget/budget.js';
import type { IndexState } from '../../../src/core/code-index/index-state.js';
import { composeComment } from '../../../src/core/render/compose-comment.js';
import type { RunMetrics } from '../../../src/core/request.js';

const tree = { sha: undefined, lineCount: () => undefined };

function metricsWith(index: IndexState | undefined): RunMetrics {
  return {
    command: 'explain',
    urlDetected: false,
    intent: undefined,
    diagramType: undefined,
    repoToolsExposed: true,
    planPath: 'heuristic',
    plannerProblems: [],
    rounds: 1,
    filesTouched: 2,
    bytesFetched: 2048,
    tokensInContext: 300,
    modelCalls: 0,
    refusedToolCalls: 0,
    evidenceDropped: 0,
    budget: DEFAULT_BUDGET,
    ...(index ? { index } : {}),
    latency: { metadataTreeMs: 1, planningMs: 2, retrievalMs: 3, generationMs: 0, totalMs: 6 },
  };
}

const compose = async (index: IndexState | undefined, limit?: number) =>
  (
    await composeComment(
      [
        { title: 'answer', essential: true, text: '## Answer' },
        { title: 'details', text: 'x'.repeat(2000) },
      ],
      {
        tree,
        metrics: metricsWith(index),
        footer: { madeWithModel: false },
        limit,
      },
    )
  ).body;

describe('composeComment', () => {
  describe('when the index the run read is partial', () => {
    it('opens the comment with the warning, before the answer', async () => {
      const body = await compose({ complete: false, reason: 'building', startedAt: '2026-11-24T10:00:00.000Z' });
      expect(body.split('\n\n')[0]).toBe(
        '> ⚠️ The code index is partial: it is being built right now (started 2026-11-24T10:00:00.000Z), ' +
          'so files it has not reached yet are missing from this reply. Ask again when the build is done.',
      );
      expect(body.split('\n\n')[1]).toBe('## Answer');
    });

    it('keeps the warning when the comment must be cut to fit', async () => {
      const body = await compose({ complete: false, reason: 'interrupted', startedAt: undefined }, 1500);
      expect(body).toMatch(/^> ⚠️ The code index is partial: its last build stopped before it finished, /);
      expect(body).not.toContain('x'.repeat(2000));
    });
  });

  it('says nothing about the index when it is complete, or when no index was read', async () => {
    for (const index of [{ complete: true } as const, undefined]) {
      const body = await compose(index);
      expect(body.startsWith('## Answer')).toBe(true);
      expect(body).not.toContain('partial');
    }
  });
});
