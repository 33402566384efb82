import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../../src/core/explore/plan-schema.js';
import { DEFAULT_BUDGET } from '../../../src/core/budget/budget.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

const goodPlan = {
  intent: 'flow',
  questions: ['How are uploads retried?'],
  candidates: [{ path: 'tools/uploader.py', reason: 'uploads', priority: 9 }],
  operations: [
    { kind: 'head', path: 'tools/retry.py', maxLines: 10 },
    { kind: 'definition', symbol: 'Uploader' },
  ],
  maxRounds: 1,
};

describe('run with a model planner', () => {
  it('follows a valid plan and records that the planner was used', async () => {
    const { ports, ask } = await explorePorts();
    const seen: string[] = [];
    const result = await run(ask('how are uploads retried https://github.com/acme/tools'), {
      ...ports,
      planner: async ({ prompt, bootstrap }) => {
        seen.push(prompt, bootstrap.shallowTree);
        return goodPlan;
      },
    });
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.metrics).toMatchObject({ planPath: 'planner', modelCalls: 1, rounds: 1 });
    // A definition answers more than a file's head: it is listed first.
    expect(result.context.evidence.map((e) => [e.path, e.source])).toEqual([
      ['tools/uploader.py', 'definition'],
      ['tools/retry.py', 'head'],
    ]);
    expect(seen[1]).toContain('tools/ (3)');
  });

  it.each([
    ['not JSON at all', 'Sure! Here is my plan: read everything.'],
    ['JSON of the wrong shape', { intent: 'flow', steps: ['read'] }],
    ['an empty plan', { ...goodPlan, operations: [] }],
    ['paths that are not in the tree', { ...goodPlan, operations: [{ kind: 'head', path: 'secret/keys.ts', maxLines: 5 }] }],
    ['a path that climbs out of the repository', { ...goodPlan, operations: [{ kind: 'head', path: '../../etc/passwd', maxLines: 5 }] }],
  ])('falls back to the heuristic planner on %s, and says why', async (_label, output) => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('where is with_retries defined?'), { ...ports, planner: async () => output });
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.metrics.planPath).toBe('heuristic');
    expect(result.metrics.plannerProblems.length).toBeGreaterThan(0);
    expect(result.context.evidence[0]!.path).toBe('tools/retry.py');
  });

  it('falls back when the planner throws, keeping no raw provider text', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('where is with_retries defined?'), {
      ...ports,
      planner: async () => {
        throw new Error('raw body sk-proj-secret');
      },
    });
    expect(result.kind === 'done' && result.metrics.plannerProblems).toEqual(['planner failed: the model call failed']);
  });

  it("reports a planner error in the provider's words with the key removed", async () => {
    const { ports, ask } = await explorePorts();
    const key = 'sk-test-nanodex-0000000000000000000000000pln1';
    const failing = async () => {
      throw Object.assign(new Error(`Incorrect API key provided: ${key}`), { status: 401 });
    };
    const result = await run(ask('where is with_retries defined?'), {
      ...ports,
      planner: failing,
      modelConfig: { provider: 'openai', model: 'gpt-4o-mini', apiKey: key },
    });
    const problems = result.kind === 'done' ? result.metrics.plannerProblems : [];
    expect(problems[0]).toMatch(/^planner failed: model request to openai \(gpt-4o-mini\) failed with HTTP 401/);
    expect(JSON.stringify(result)).not.toContain(key);
  });
});

describe('checkPlan', () => {
  const tree = new Set(['tools/retry.py', 'tools/uploader.py']);

  it('drops out-of-tree candidates and reads, keeping the rest', () => {
    const checked = checkPlan(
      { ...goodPlan, candidates: [...goodPlan.candidates, { path: 'nope.ts', reason: 'x', priority: 1 }] },
      tree,
      DEFAULT_BUDGET,
    );
    expect(checked.ok && checked.dropped).toEqual(['nope.ts']);
  });

  it('caps the rounds at the budget', () => {
    const checked = checkPlan({ ...goodPlan, maxRounds: 9 }, tree, { ...DEFAULT_BUDGET, rounds: 2 });
    expect(checked.ok && checked.plan.maxRounds).toBe(2);
  });

  it('lists every schema problem with its path', () => {
    const checked = checkPlan({ ...goodPlan, intent: 'poetry', maxRounds: 0, extra: true }, tree, DEFAULT_BUDGET);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['intent', 'maxRounds', '(root)']));
  });
});
