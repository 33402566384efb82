import type { ChatModel } from './llm/chat-model.js';
import type { ChangeHistory } from './review/change-history.js';
import type { Budget } from './budget/budget.js';
import type { CodeIndex } from './code-index/code-index.js';
import type { ModelPlanner } from './explore/types.js';
import type { ModelConfig } from './llm/model-config.js';
import type { Clock, Logger, RepoSource } from './ports.js';
import type { SkillFile } from './skills/types.js';
import type { IsRetryable } from './failure/retry-later.js';

/** What run() works with: the repository, its index, the model (optional) and the clock and log. */
export interface RunPorts {
  source: RepoSource;
  index: CodeIndex;
  logger: Logger;
  clock: Clock;
  /** A model planner; without one the heuristic plans (the offline default). */
  planner?: ModelPlanner;
  /** A chat model: plans, deepens with repository tools, answers with output tools. Absent: offline. */
  model?: ChatModel;
  /** The settings the model was built from: its errors are translated (key-free) with them. */
  modelConfig?: ModelConfig;
  /** The deployment's ceiling for per-request budgets. */
  maxima?: Budget;
  /**
   * The repository's `.github/skills/<name>/SKILL.md` files as a front read them from the default branch.
   * Absent: they are read from the index (fine when the index is of the default branch; a pull request's
   * checkout is not, and its skills must not steer its own review).
   */
  repositorySkills?: SkillFile[];
  /**
   * Set by a front that retries jobs (the App's Redis workers, with attempts left): a failure it calls
   * retryable is thrown as a RetryLaterError instead of becoming a failure reply.
   */
  retryable?: IsRetryable;
  /**
   * How long the front spent opening and updating the index before run() (the CLI indexes first):
   * the reply's time includes it, so a footer never shows 0.8 s for a run that took 15.8 s.
   */
  indexMs?: number;
  /** Git history for co-change, churn and commit messages: a front with a full checkout gives it (absent: not available). */
  history?: ChangeHistory;
}
