import { isGeneratedOrVendored } from '../repo/classify-file.js';
import { parseLinguistGenerated } from '../repo/parse-linguist-generated.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { BudgetMeter, Charge } from '../budget/budget-meter.js';
import type { CodeIndex, ListedFile } from '../code-index/code-index.js';
import { excludeGenerated } from './locate-files.js';
import { readPrompt } from './read-prompt.js';
import type { Clock, RepoSource } from '../ports.js';
import { buildBootstrap } from './build-bootstrap.js';
import { EvidenceSet } from './evidence-set.js';
import { packageContext } from './package-context.js';
import { planFollowUp } from './plan-follow-up.js';
import { planHeuristically } from './plan-heuristically.js';
import type { VerifiedMemory } from '../memory/verify-memory.js';
import { checkPlan } from './plan-schema.js';
import { runOperation, type RoundState } from './run-operation.js';
import { buildOutputTools, buildRepoTools, createOutputCollector, type OutputCollector } from '../tools/phase-tools.js';
import { ToolGate, type RefusedCall } from '../tools/tool-gate.js';
import { createModelPlanner } from './model-planner.js';
import { discoverWithModel, executeWithModel, type ExecutionSpec } from './model-phases.js';
import type { EvidenceItem, ModelPlanner, Operation, RepoContext, RepoExplorationPlan } from './types.js';
import { describeLeftOut } from './describe-left-out.js';

/** A model planner: given the prompt (URL removed) and the bootstrap, returns raw JSON to be checked. */
export type { ModelPlanner } from './types.js';

export interface ExploreInput {
  prompt: string;
  repo: string;
  scope: string | undefined;
  focus: string[];
  index: CodeIndex;
  source: RepoSource;
  meter: BudgetMeter;
  clock: Clock;
  planner?: ModelPlanner;
  /** With a model: it plans (JSON), deepens the evidence with repository tools, and answers with output tools. */
  model?: ChatModel;
  /** Turns a model's error into a key-free sentence (the front knows the key to strip). */
  describeModelError?: (error: unknown) => string;
  /** The skill's execution phase (instructions, its allowed output tools); absent: answer the question. */
  execution?: { spec: ExecutionSpec; tools?: readonly string[] };
  /** Stop after packaging, even with a model: the caller runs its own execution phase. */
  skipExecution?: boolean;
  /** What earlier requests in the thread found, already checked against the tree: a hint to the planners, never evidence. */
  memory?: VerifiedMemory;
}

export interface ExploreMetrics {
  planPath: 'planner' | 'heuristic';
  plannerProblems: string[];
  rounds: number;
  operations: number;
  evidenceDropped: number;
  latency: { bootstrapMs: number; planningMs: number; retrievalMs: number; generationMs: number };
  refusedToolCalls: RefusedCall[];
  removedCitations: number;
}

export type ExploreOutcome =
  | { kind: 'done'; context: RepoContext; plan: RepoExplorationPlan; output: OutputCollector | undefined; metrics: ExploreMetrics }
  | {
      kind: 'budget-exceeded';
      refused: Extract<Charge, { ok: false }>;
      gathered: EvidenceItem[];
      plan: RepoExplorationPlan;
      metrics: ExploreMetrics;
    };

/**
 * The exploration pipeline: bootstrap, plan (model, checked, else
 * heuristic), bounded retrieval rounds, package. Every read is charged before
 * it happens; the first refused charge ends the exploration.
 */
export async function exploreRepository(input: ExploreInput): Promise<ExploreOutcome> {
  const { index, meter, clock } = input;
  const t0 = clock.now();
  const files = index.listFiles();
  const tree = new Set(files.map((f) => f.path));
  const bootstrap = buildBootstrap(files, { repo: input.repo, headSha: index.headSha(), scope: input.scope });
  const isGenerated = await readGeneratedRule(files, input.source);
  // Bundles and build output hold every identifier: they are left out of what is read unless the question asks for them.
  const skipGenerated = excludeGenerated(input.prompt, readPrompt(input.prompt).paths, files, isGenerated);
  const t1 = clock.now();

  let plan: RepoExplorationPlan | undefined;
  const plannerProblems: string[] = [];
  const planner = input.planner ?? (input.model ? createModelPlanner(input.model) : undefined);
  if (planner) {
    const charge = meter.charge('modelCalls', 1);
    if (charge.ok) {
      try {
        const checked = checkPlan(await planner({ prompt: withMemory(input.prompt, input.memory), bootstrap }), tree, meter.budget);
        if (checked.ok) plan = checked.plan;
        else plannerProblems.push(...checked.problems);
      } catch (error) {
        // Provider messages can carry a masked key or a response body: only the translated, key-free text is kept.
        plannerProblems.push(`planner failed: ${input.describeModelError ? input.describeModelError(error) : 'the model call failed'}`);
      }
    } else {
      plannerProblems.push('no model calls left in the budget for planning');
    }
  }
  const planPath = plan ? 'planner' : 'heuristic';
  plan ??= planHeuristically(input.prompt, index, bootstrap, meter.budget, input.focus, files, {
    isGenerated,
    remembered: input.memory && { paths: input.memory.memory.files, strong: input.memory.strong },
  });
  const t2 = clock.now();

  const state: RoundState = {
    index,
    source: input.source,
    meter,
    evidence: new EvidenceSet((p) => tree.has(p)),
    round: 0,
    findings: [],
    notes: [],
    gaps: [],
    defined: new Set(),
    isGenerated: skipGenerated,
    candidates: plan.candidates.map((c) => c.path),
  };
  let operations = plan.operations;
  let count = 0;
  const out = createOutputCollector();
  // One gate per request: discovery sees repository tools only, execution output tools only.
  const gate = new ToolGate({
    discovery: buildRepoTools(state),
    execution: buildOutputTools(out, input.execution?.tools ?? ['emit_answer']),
  });
  const marks: { generation?: number } = {};
  let removedCitations = 0;
  const metrics = (): ExploreMetrics => ({
    planPath,
    plannerProblems,
    rounds: state.round,
    operations: count,
    evidenceDropped: state.evidence.dropped,
    latency: {
      bootstrapMs: t1 - t0,
      planningMs: t2 - t1,
      retrievalMs: (marks.generation ?? clock.now()) - t2,
      generationMs: marks.generation === undefined ? 0 : clock.now() - marks.generation,
    },
    refusedToolCalls: gate.refused,
    removedCitations,
  });
  while (operations.length > 0) {
    const roundCharge = meter.charge('rounds', 1);
    if (!roundCharge.ok)
      return { kind: 'budget-exceeded', refused: roundCharge, gathered: state.evidence.list(), plan, metrics: metrics() };
    state.round += 1;
    for (const op of operations) {
      count += 1;
      // Round 1 is the plan; later rounds only deepen, and a head is only a glance: what does not fit
      // there is skipped and listed as a gap, not fatal.
      const outcome = await runOperation(op, state, {
        optional: state.round > 1 || op.kind === 'head' || (op.kind === 'chunk' && op.optional === true),
      });
      if (!outcome.ok)
        return { kind: 'budget-exceeded', refused: outcome.refused, gathered: state.evidence.list(), plan, metrics: metrics() };
    }
    // Without a model the heuristic deepens; with one, the model does (below), with repository tools only.
    operations = input.model
      ? []
      : dedupe(planFollowUp(plan, index, state.evidence, state.defined, state.round, input.prompt, state.pinned));
  }
  if (input.model && plan.maxRounds > state.round) {
    const discovered = await discoverWithModel({
      model: input.model,
      gate,
      meter,
      prompt: withMemory(input.prompt, input.memory),
      bootstrap,
      evidence: state.evidence.list(),
      rounds: plan.maxRounds - state.round,
      onRound: () => {
        state.round += 1;
      },
    });
    if (!discovered.ok)
      return { kind: 'budget-exceeded', refused: discovered.refused, gathered: state.evidence.list(), plan, metrics: metrics() };
  }
  marks.generation = clock.now();
  const leftOut = describeLeftOut(state.leftOutByBudget, meter);
  if (leftOut !== undefined) state.gaps.unshift(leftOut);

  const namesWanted = plan.operations.filter((op) => op.kind === 'definition').map((op) => (op as { symbol: string }).symbol);
  const context = packageContext({
    bootstrap,
    plan,
    evidence: state.evidence.list(),
    findings: state.findings,
    notes: state.notes,
    gaps: state.gaps,
    namesWanted,
    namesFound: state.defined,
    // Only an overview lists modules: a change question's map is focused on its files, and says nothing of the whole.
    modules: plan.intent === 'architecture' ? state.modules : undefined,
  });
  if (!input.model || input.skipExecution) return { kind: 'done', context, plan, output: undefined, metrics: metrics() };
  const executed = await executeWithModel({
    model: input.model,
    gate,
    meter,
    prompt: withMemory(input.prompt, input.memory),
    context,
    out,
    spec: input.execution?.spec,
  });
  if (!executed.ok) return { kind: 'budget-exceeded', refused: executed.refused, gathered: context.evidence, plan, metrics: metrics() };
  removedCitations = executed.removedCitations;
  return { kind: 'done', context, plan, output: out, metrics: metrics() };
}

/** Generated and vendored files (classify-file.ts): by path and shape, and by the repository's own `linguist-generated` attributes. */
async function readGeneratedRule(files: ListedFile[], source: RepoSource): Promise<(path: string) => boolean> {
  let linguist: (path: string) => boolean = () => false;
  if (files.some((f) => f.path === '.gitattributes')) {
    try {
      linguist = parseLinguistGenerated(await source.readFile('.gitattributes'));
    } catch {
      // Unreadable attributes leave the path and shape rules.
    }
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  return (path) => {
    const file = byPath.get(path);
    return file !== undefined && isGeneratedOrVendored(path, file, linguist);
  };
}

function dedupe(ops: Operation[]): Operation[] {
  const seen = new Set<string>();
  return ops.filter((op) => {
    const key = JSON.stringify(op);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the model reads: the request, then (below it) what earlier requests in the thread found. */
function withMemory(prompt: string, memory: VerifiedMemory | undefined): string {
  return memory ? `${prompt}\n\n${memory.text}` : prompt;
}
