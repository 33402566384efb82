import { renderAnswer } from '../answer/render-answer.js';
import { vouchForAnswer } from '../answer/vouch-for-answer.js';
import { toBudgetExceeded, toolsFor, type Produced, type SkillRun } from './skill-run.js';

/**
 * `explain` and `debug`: explore, then (with a model) the skill's
 * instructions drive an answer through emit_answer; offline the findings and
 * evidence are the answer, said plainly.
 */
export async function produceAnswer(run: SkillRun, flavour: 'explain' | 'debug'): Promise<Produced> {
  const outcome = await run.explore({
    spec: { instructions: run.skill?.body },
    tools: toolsFor(run.skill, ['emit_answer']),
  });
  if (outcome.kind === 'budget-exceeded') return toBudgetExceeded(outcome);
  // Quoted excerpts must be the tree's: an item whose file is no longer at the indexed blob is not shown.
  const { index } = run.ports;
  const evidence = outcome.context.evidence.filter((e) => index.getFile(e.path)?.blobSha === e.blobSha);
  const stale = outcome.context.evidence.length - evidence.length;
  const context = {
    ...outcome.context,
    evidence,
    knownGaps:
      stale > 0
        ? [...outcome.context.knownGaps, `${stale} excerpt(s) changed since they were read and are not shown`]
        : outcome.context.knownGaps,
  };
  const answer = outcome.output?.answer;
  const doc = { flavour, question: run.prompt, context: vouchForAnswer(context, answer, outcome.metrics.removedCitations), answer };
  return {
    kind: 'output',
    output: { kind: 'answer', doc },
    blocks: renderAnswer(doc, run.linkTo),
    madeWithModel: doc.answer !== undefined,
    explore: outcome.metrics,
    plan: outcome.plan,
    refused: outcome.metrics.refusedToolCalls,
  };
}
