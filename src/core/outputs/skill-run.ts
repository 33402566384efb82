import type { FileToChange } from '../plan/find-files-to-change.js';
import type { BudgetMeter, Charge } from '../budget/budget-meter.js';
import type { ExploreMetrics, ExploreOutcome } from '../explore/explore-repository.js';
import type { ExecutionSpec } from '../explore/model-phases.js';
import type { EvidenceItem, RepoExplorationPlan } from '../explore/types.js';
import type { Block } from '../render/fit-comment.js';
import type { LinkTo } from '../render/link-to.js';
import type { Request } from '../request.js';
import type { RunPorts } from '../run-ports.js';
import type { Skill } from '../skills/types.js';
import type { OutputToolName } from '../tools/phase-tools.js';
import type { RefusedCall } from '../tools/tool-gate.js';
import type { Output } from './output.js';
import type { ReviewComment } from '../review/render-review.js';

/** A request as run() has read it: budget words taken out, the meter set, the scope known. */
export interface ReadRequest {
  request: Request;
  ports: RunPorts;
  /** The prompt without budget words (and, once routed, without its command word). */
  prompt: string;
  meter: BudgetMeter;
  scope: string | undefined;
  focus: string[];
  repoName: string;
}

/** Everything a producer needs: the read request, the skill, how to link, and the pipeline. */
export interface SkillRun extends ReadRequest {
  skill: Skill | undefined;
  linkTo: LinkTo;
  /** Links at another commit (a pull request's base, where deleted files still exist). */
  linkToCommit: (sha: string | undefined) => LinkTo;
  /** Runs the exploration pipeline; with a model, the execution phase follows with the given spec and tools. */
  explore(execution?: { spec: ExecutionSpec; tools: readonly OutputToolName[] }): Promise<ExploreOutcome>;
}

/** What a producer hands back to be composed into a comment. */
export type Produced =
  | {
      kind: 'output';
      output: Output;
      blocks: Block[];
      madeWithModel: boolean;
      reviewComments?: ReviewComment[];
      issueDraft?: { title: string; body: string };
      explore?: ExploreMetrics;
      plan?: RepoExplorationPlan;
      refused?: RefusedCall[];
      /** Problems worth recording (model output that was rejected, a fallback taken). */
      notes?: string[];
      /** A plan's files to change, most certain first (top level in `--json`). */
      files?: FileToChange[];
    }
  | {
      kind: 'budget-exceeded';
      refused: Extract<Charge, { ok: false }>;
      gathered: EvidenceItem[];
      explore?: ExploreMetrics;
      plan?: RepoExplorationPlan;
    }
  | { kind: 'skipped'; reason: string };

/** The tools a skill may use, narrowed to those a producer wants. */
export function toolsFor(skill: Skill | undefined, wanted: readonly OutputToolName[]): OutputToolName[] {
  if (!skill) return [...wanted];
  return wanted.filter((t) => (skill.allowedTools as readonly string[]).includes(t));
}

/** A budget-exceeded outcome of the pipeline as a producer's result. */
export function toBudgetExceeded(outcome: Extract<ExploreOutcome, { kind: 'budget-exceeded' }>): Produced {
  return { kind: 'budget-exceeded', refused: outcome.refused, gathered: outcome.gathered, explore: outcome.metrics, plan: outcome.plan };
}
