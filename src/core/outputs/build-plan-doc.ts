import type { ExploreOutcome } from '../explore/explore-repository.js';
import { buildOfflinePlan } from '../plan/build-offline-plan.js';
import { findFilesToChange } from '../plan/find-files-to-change.js';
import type { PlanDoc } from '../plan/plan-doc.js';
import { readNamedTexts } from '../plan/read-named-texts.js';
import { loadTestLayout } from '../tests/load-test-layout.js';
import type { SkillRun } from './skill-run.js';

/**
 * The plan an exploration supports, for `plan`, `refactor` and `work`: the files to change (with the tests the
 * repository's runner config names), then the plan built on them, reading the named files' text and the
 * exploration's candidates (a file the thread's earlier reply cited).
 */
export async function buildPlanDoc(
  run: SkillRun,
  outcome: Extract<ExploreOutcome, { kind: 'done' }>,
  flavour: PlanDoc['flavour'],
): Promise<PlanDoc> {
  const files = findFilesToChange({
    prompt: run.prompt,
    candidates: outcome.plan.candidates,
    evidence: outcome.context.evidence,
    index: run.ports.index,
    layout: await loadTestLayout(run.ports.index, (path) => run.ports.source.readFile(path)),
  });
  return buildOfflinePlan({
    prompt: run.prompt,
    context: outcome.context,
    index: run.ports.index,
    flavour,
    files,
    texts: await readNamedTexts(run.ports.source, files),
    candidates: outcome.plan.candidates,
  });
}
