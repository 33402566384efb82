import { renderIssueDraft, renderPlan } from '../render/render-plan.js';
import { buildOfflinePlan } from './build-offline-plan.js';
import { findFilesToChange } from './find-files-to-change.js';
import { toBudgetExceeded, toolsFor, type Produced, type SkillRun } from './skill-run.js';

/** Sections a plan is complete with; the model is asked for them in one reply. */
const PLAN_SECTIONS = 4;

/**
 * `plan` and `refactor`: explore, build the plan's context from the index
 * (always: modules, symbols and callers come from the graph, not from a
 * model), then let the model write the phases, criteria and risks with
 * emit_plan_section, or build them offline.
 */
export async function producePlan(run: SkillRun, flavour: 'plan' | 'refactor'): Promise<Produced> {
  const outcome = await run.explore({
    spec: {
      instructions: run.skill?.body,
      closing: 'Call emit_plan_section once for each section (Goal, Phases, Acceptance criteria, Risks and mitigations) in one reply',
      finished: (out) => out.planSections.length >= PLAN_SECTIONS,
    },
    tools: toolsFor(run.skill, ['emit_plan_section']),
  });
  if (outcome.kind === 'budget-exceeded') return toBudgetExceeded(outcome);
  const doc = buildOfflinePlan({
    prompt: run.prompt, context: outcome.context, index: run.ports.index, flavour,
    files: findFilesToChange({ prompt: run.prompt, candidates: outcome.plan.candidates, evidence: outcome.context.evidence, index: run.ports.index }),
  });
  const sections = outcome.output?.planSections ?? [];
  // The index context is ours; a model's own "context" or "goal" section would repeat it.
  doc.modelSections = sections.filter((s) => !/^(goal|context)\b/i.test(s.title.trim()));
  const notes = outcome.output && sections.length === 0 ? ['the model wrote no plan sections; the offline plan is shown'] : [];
  const issueDraft = renderIssueDraft(doc, run.linkTo);
  return {
    kind: 'output', output: { kind: 'plan', doc, issueDraft }, blocks: renderPlan(doc, run.linkTo), issueDraft, files: doc.files,
    madeWithModel: doc.modelSections.length > 0, explore: outcome.metrics, plan: outcome.plan,
    refused: outcome.metrics.refusedToolCalls, notes,
  };
}
