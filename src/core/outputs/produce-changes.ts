import { applyChanges } from '../changes/apply-change.js';
import { contentSha256 } from '../changes/content-sha256.js';
import { parseProposedChanges, type ProposedChange } from '../changes/proposed-change-schema.js';
import { renderChanges } from '../changes/render-changes.js';
import { escapeText } from '../render/markdown.js';
import { renderPlan } from '../plan/render-plan.js';
import { buildPlanDoc } from './build-plan-doc.js';
import { toBudgetExceeded, toolsFor, type Produced, type SkillRun } from './skill-run.js';

/**
 * `work`: with a model, explore and have the working skill propose changes
 * (emit_change, the proposed-change schema); each is checked and worked out
 * in memory against the repository and shown as a diff. Nothing is written.
 * Offline there is no one to write code, so the reply is the work plan:
 * where the change would go, and that proposing edits needs a model.
 */
export async function produceChanges(run: SkillRun): Promise<Produced> {
  const outcome = await run.explore({
    spec: {
      instructions: run.skill?.body,
      closing: 'Call emit_change with every proposed change in one call, then emit_answer with a short summary',
      finished: (out) => out.answer !== undefined,
    },
    tools: toolsFor(run.skill, ['emit_change', 'emit_answer']),
  });
  if (outcome.kind === 'budget-exceeded') return toBudgetExceeded(outcome);
  const plan = await buildPlanDoc(run, outcome, 'work');
  const base = { explore: outcome.metrics, plan: outcome.plan, refused: outcome.metrics.refusedToolCalls };
  if (!outcome.output) {
    const blocks = renderPlan(plan, run.linkTo);
    blocks.splice(1, 0, {
      title: 'no model',
      essential: true,
      text: '> [!NOTE]\n> Proposing code changes needs a language model (none is configured). This is where the change would go, from the code index.',
    });
    return { kind: 'output', output: { kind: 'changes', results: [], problems: [], plan }, blocks, madeWithModel: false, ...base };
  }
  const checked = parseProposedChanges({ changes: outcome.output.changes });
  const problems = checked.ok ? [] : checked.problems;
  const changes: ProposedChange[] = checked.ok ? checked.changes : [];
  const { index, source } = run.ports;
  // Reads are charged like the pipeline's; a file over the budget is treated as unreadable and its change fails.
  const readCharged = async (path: string) => {
    const file = index.getFile(path);
    if (!file) return undefined;
    const charge = run.meter.touchFile(path, file.size);
    if (!charge.ok) throw new Error(`${path} was not read: the ${charge.limit} budget is spent`);
    return source.readFile(path);
  };
  const results = (await applyChanges(changes, readCharged))
    // The base a patch was worked out against, so applying it later refuses a file that moved on.
    .map((r) =>
      r.ok && r.change.kind === 'patch' && r.before !== undefined && !r.change.baseSha256
        ? { ...r, change: { ...r.change, baseSha256: contentSha256(r.before) } }
        : r,
    );
  const summary = outcome.output.answer?.text;
  const blocks = [
    {
      title: 'heading',
      essential: true,
      text: `## Proposed changes: ${escapeText((run.prompt.split('\n')[0] ?? '').slice(0, 100))}\n\nNothing has been written to the repository; review the changes below.`,
    },
    ...(summary ? [{ title: 'summary', text: summary }] : []),
    {
      title: 'changes',
      essential: true,
      text: changes.length > 0 ? renderChanges(results, { linkTo: run.linkTo }) : 'The model proposed no usable change.',
    },
    ...(problems.length > 0 ? [{ title: 'rejected', text: ['### Rejected proposals', ...problems.map((p) => `- ${p}`)].join('\n') }] : []),
  ];
  return {
    kind: 'output',
    output: { kind: 'changes', results, problems, plan: undefined },
    blocks,
    madeWithModel: true,
    notes: problems,
    ...base,
  };
}
