import { SqliteCodeIndex } from '../core/code-index/code-index.js';
import { NanodexError } from '../core/errors.js';
import { toFailure, type Failure } from '../core/failure/to-failure.js';
import type { Request, RunResult } from '../core/request.js';
import { run } from '../core/run.js';
import type { GitHubClient } from '../github/github-client.js';
import { toNanodexError } from '../github/to-nanodex-error.js';
import type { AppDeps } from './app-deps.js';
import type { RepoTarget } from './repo-indexes.js';
import { statusOf } from '../github/status-of.js';

/**
 * Opens the repository's index (building or refreshing it first), runs one
 * request through the core and closes the index. Never throws: a failure to
 * reach GitHub or to build the index comes back as a `failed` result with a
 * reference id, like a failure inside the core, so every caller has one path
 * to tell the user.
 */
export async function runWithIndex(deps: AppDeps, client: GitHubClient, target: RepoTarget, request: Request): Promise<RunResult> {
  let opened;
  try {
    opened = await deps.indexes.open(client, target);
  } catch (error) {
    return toFailedResult(deps, error, `indexing ${target.owner}/${target.repo}`);
  }
  try {
    return await run(
      { ...request, links: request.links ?? { htmlUrl: `https://github.com/${target.owner}/${target.repo}`, sha: opened.headSha } },
      {
        source: opened.source, index: new SqliteCodeIndex(opened.store), logger: deps.logger, clock: deps.clock,
        model: deps.model, modelConfig: deps.modelConfig, maxima: deps.maxima,
      },
    );
  } finally {
    opened.release();
  }
}

/**
 * A user-safe failure: NanodexError messages are written for users (and
 * redacted), GitHub's errors are translated once; anything else stays generic
 * (its message may name server paths) and is only in the log, under the reference.
 */
export function toFailedResult(deps: Pick<AppDeps, 'logger' | 'clock'>, error: unknown, what: string): Failure {
  return toFailure(error, {
    logger: deps.logger, log: 'job failed', fields: { what }, fallback: `nanodex hit an unexpected error while ${what}`,
    translate: (e) => (statusOf(e) !== undefined && !(e instanceof NanodexError) ? toNanodexError(e, { what, notFoundCode: 'repo-not-found', clock: deps.clock }) : e),
  });
}
