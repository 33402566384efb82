import { renderIssueDraft, renderPlan } from '../plan/render-plan.js';
import { buildPlanDoc } from './build-plan-doc.js';
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
  const doc = await buildPlanDoc(run, outcome, flavour);
  const sections = outcome.output?.planSections ?? [];
  // The index context is ours; a model's own "context" or "goal" section would repeat it.
  doc.modelSections = sections.filter((s) => !/^(goal|context)\b/i.test(s.title.trim()));
  // The model's sections replace the offline phases, criteria and risks; a criteria or risks section it did
  // not write is kept from the offline plan rather than lost.
  if (doc.modelSections.length > 0) {
    const wrote = (re: RegExp) => doc.modelSections.some((s) => re.test(s.title));
    if (!wrote(/accept|criteria|done when/i)) {
      doc.modelSections.push({ title: 'Acceptance criteria', body: doc.acceptance.map((a) => `- [ ] ${a}`).join('\n'), citations: [] });
    }
    if (!wrote(/risk/i) && doc.risks.length > 0) {
      doc.modelSections.push({
        title: 'Risks and mitigations',
        body: doc.risks.map((r) => `- ${r.risk} → ${r.mitigation}`).join('\n'),
        citations: [],
      });
    }
  }
  const notes = outcome.output && sections.length === 0 ? ['the model wrote no plan sections; the offline plan is shown'] : [];
  const issueDraft = renderIssueDraft(doc, run.linkTo);
  return {
    kind: 'output',
    output: { kind: 'plan', doc, issueDraft },
    blocks: renderPlan(doc, run.linkTo),
    issueDraft,
    files: doc.files,
    madeWithModel: doc.modelSections.length > 0,
    explore: outcome.metrics,
    plan: outcome.plan,
    refused: outcome.metrics.refusedToolCalls,
    notes,
  };
}
