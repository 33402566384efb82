import type { Clock, IndexRunStats, Logger, RepoConfig, RunResult } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import type { ActionInputs } from './action-inputs.js';
import type { IndexCache } from './index-cache.js';
import type { CacheReport } from './open-cached-index.js';
import type { ActionEnv } from './read-action-event.js';

/** Everything an event handler needs, built once in run(). */
export interface ActionContext {
  inputs: ActionInputs;
  env: ActionEnv;
  client: GitHubClient;
  /** Who nanodex's comments are by (the token's user, or github-actions[bot]): its own comments never trigger it. */
  selfLogin: string;
  config: RepoConfig;
  /**
   * Set when the checkout may hold a pull request's code (see findTrustedRef):
   * the default branch, where the config and the repository's skills were read
   * from instead, through the API.
   */
  trustedRef: string | undefined;
  cache: IndexCache;
  logger: Logger;
  clock: Clock;
}

/** What a handler did: the summary, the outputs and the step's status are made from it. */
export interface ActionOutcome {
  handled: 'mention' | 'review' | 'dispatch' | 'index' | 'ignored';
  /** One sentence for the job summary. */
  headline: string;
  result?: RunResult;
  commentUrl?: string;
  index?: { stats: IndexRunStats; cache: CacheReport };
  notices: string[];
  /** Set when the step must fail once the summary and outputs are written. */
  failure?: string;
}

export function toIgnored(headline: string, notices: string[] = []): ActionOutcome {
  return { handled: 'ignored', headline, notices };
}

/** A run that failed fails the step; a budget stop or a skip does not. */
export function toRunFailure(result: RunResult | undefined): string | undefined {
  return result?.kind === 'failed' ? `nanodex could not finish: ${result.message} (reference ${result.referenceId})` : undefined;
}
