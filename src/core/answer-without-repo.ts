import type { ChatModel } from './llm/chat-model.js';
import type { BudgetMeter, Charge } from './budget/budget-meter.js';
import { executeWithModel } from './explore/model-phases.js';
import type { RepoContext } from './explore/types.js';
import { buildOutputTools, createOutputCollector, type OutputCollector } from './tools/phase-tools.js';
import { ToolGate, type RefusedCall } from './tools/tool-gate.js';

/**
 * A request with no repository (a question in a comment that names none):
 * only the execution phase runs, with output tools only. No repository tool
 * is ever built for it, so none can be exposed or called.
 */
export async function answerWithoutRepo(input: {
  model: ChatModel;
  meter: BudgetMeter;
  prompt: string;
}): Promise<
  | { ok: true; context: RepoContext; out: OutputCollector; refused: RefusedCall[]; removedCitations: number }
  | { ok: false; refused: Extract<Charge, { ok: false }> }
> {
  const out = createOutputCollector();
  const gate = new ToolGate({ discovery: [], execution: buildOutputTools(out, ['emit_answer']) });
  const context: RepoContext = {
    repo: '(none)',
    headSha: undefined,
    intent: 'flow',
    questions: [input.prompt],
    summary: 'No repository was given; nothing was explored.',
    keyFindings: [],
    evidence: [],
    confidence: 'low',
    confidenceReason: 'there is no repository evidence',
    knownGaps: ['no repository context'],
    tokens: 0,
  };
  const executed = await executeWithModel({ model: input.model, gate, meter: input.meter, prompt: input.prompt, context, out });
  if (!executed.ok) return { ok: false, refused: executed.refused };
  return { ok: true, context, out, refused: gate.refused, removedCitations: executed.removedCitations };
}
