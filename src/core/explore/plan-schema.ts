import { z } from 'zod';
import type { Budget } from '../budget/budget.js';
import { isValidRepoPath } from '../repo/repo-path.js';
import type { RepoExplorationPlan } from './types.js';

const repoPath = z.string().min(1).max(1000).refine(isValidRepoPath, 'must be a repository-relative path without ".."');

const operation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('head'), path: repoPath, maxLines: z.number().int().min(1).max(400) }),
  z.object({ kind: z.literal('chunk'), path: repoPath, startLine: z.number().int().min(1), endLine: z.number().int().min(1) }),
  z.object({ kind: z.literal('search'), query: z.string().min(1).max(300), scope: repoPath.optional() }),
  z.object({ kind: z.literal('definition'), symbol: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('references'), symbol: z.string().min(1).max(200) }),
  z.object({
    kind: z.literal('map'),
    focus: z.array(z.string().max(300)).max(10).optional(),
    tokens: z.number().int().min(100).max(8000).optional(),
  }),
]);

/** The planner's JSON, strictly: unknown keys are an error, not ignored. */
export const planSchema = z.strictObject({
  intent: z.enum(['definition', 'usage', 'flow', 'change', 'architecture']),
  diagramType: z.enum(['architecture', 'component', 'dependency', 'erd']).optional(),
  questions: z.array(z.string().min(1).max(300)).min(1).max(8),
  candidates: z.array(z.strictObject({ path: repoPath, reason: z.string().min(1).max(300), priority: z.number().min(0).max(10) })).max(40),
  operations: z.array(operation).min(1).max(40),
  maxRounds: z.number().int().min(1).max(10),
});

export type PlanCheck = { ok: true; plan: RepoExplorationPlan; dropped: string[] } | { ok: false; problems: string[] };

/**
 * Validates a planner's output against the schema, the tree and the budget.
 * Paths not in the tree are dropped (and listed); a plan left with nothing to
 * do is rejected, so the caller falls back to the heuristic planner.
 */
export function checkPlan(raw: unknown, tree: ReadonlySet<string>, budget: Budget): PlanCheck {
  const parsed = planSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
  }
  const plan = parsed.data;
  const dropped: string[] = [];
  const inTree = (p: string): boolean => tree.has(p) || [...tree].some((t) => t.startsWith(`${p}/`));
  const candidates = plan.candidates.filter((c) => inTree(c.path) || (dropped.push(c.path), false));
  const operations = plan.operations.filter((op) => {
    if ((op.kind === 'head' || op.kind === 'chunk') && !tree.has(op.path)) return (dropped.push(op.path), false);
    if (op.kind === 'chunk' && op.endLine < op.startLine) return (dropped.push(`${op.path}:${op.startLine}-${op.endLine}`), false);
    return true;
  });
  if (operations.length === 0)
    return {
      ok: false,
      problems: ['no operation left after dropping paths that are not in the tree', ...dropped.map((d) => `not in tree: ${d}`)],
    };
  return {
    ok: true,
    dropped,
    plan: {
      intent: plan.intent,
      diagramType: plan.diagramType,
      questions: plan.questions,
      candidates,
      operations,
      maxRounds: Math.min(plan.maxRounds, budget.rounds),
    },
  };
}
