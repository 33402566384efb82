import {
  renderConfigProblems,
  renderFailure,
  REPO_CONFIG_FILE,
  reviewChange,
  type PullRequestFacts,
  type RepoConfig,
} from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import { GitHubThread } from '../github/github-thread.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toAppFlowPorts } from './app-workspace.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import { guardWrites } from './guard-writes.js';
import type { Job } from './job-queue.js';
import { toRepoKey, type RepoTarget } from './repo-indexes.js';

export interface PullRequestInput {
  deliveryId: string;
  action: string;
  client: GitHubClient;
  target: Omit<RepoTarget, 'maxTarballBytes'>;
  /** The repository's page (GitHub Enterprise has its own host). */
  htmlUrl?: string;
  pr: PullRequestFacts & { draft: boolean };
  sender: string;
}

/**
 * An automatic review as a queue job: the default branch's config decides
 * (auto, drafts, paths); the review itself is the core's (reviewChange),
 * which reviews only commits after the last reviewed sha and never repeats a
 * finding.
 */
export function toPullRequestJob(deps: AppDeps, input: PullRequestInput): Job {
  const { target } = input;
  // Set at the deadline: a review still running then posts nothing, and cannot race the next push's review.
  let stopped = false;
  const client = guardWrites(input.client, () => stopped);
  const threadOf = (c: GitHubClient) =>
    new GitHubThread(
      c,
      { owner: target.owner, repo: target.repo, number: input.pr.number },
      { selfLogin: toSelfLogin(deps.appSlug), logger: deps.logger },
    );
  let config: RepoConfig | undefined;
  const prepare = async (): Promise<boolean> => {
    if (input.sender === toSelfLogin(deps.appSlug)) return false;
    const parsed = await readRepoConfig(client, { owner: target.owner, repo: target.repo, defaultBranch: target.defaultBranch });
    if (!parsed.ok) {
      await threadOf(client).reply('config-problems', renderConfigProblems(parsed.problems, REPO_CONFIG_FILE));
      return false;
    }
    const skip = !parsed.config.review.auto ? 'review.auto is off' : input.pr.draft && !parsed.config.review.drafts ? 'draft' : undefined;
    if (skip) {
      deps.logger.info('pull request not reviewed', { deliveryId: input.deliveryId, reason: skip });
      return false;
    }
    config = parsed.config;
    return true;
  };
  const run = async (): Promise<void> => {
    if (!config) return;
    const chosen = config;
    const ports = toAppFlowPorts(deps, client, { target, htmlUrl: input.htmlUrl, maxTarballBytes: () => chosen.index.maxTarballBytes });
    const htmlUrl = input.htmlUrl ?? `https://github.com/${target.owner}/${target.repo}`;
    const outcome = await reviewChange({ pr: input.pr, config, htmlUrl }, threadOf(client), ports);
    deps.logger.info('pull request review', { deliveryId: input.deliveryId, action: input.action, outcome: outcome.outcome });
  };
  // A review that runs past the deadline says so on the pull request, in its own sticky comment.
  const onDeadline = async (failure: { referenceId: string; message: string }): Promise<void> => {
    stopped = true;
    await threadOf(input.client).reply('review-deadline', renderFailure(failure));
  };
  return { deliveryId: input.deliveryId, repoKey: toRepoKey(target), name: `pull_request.${input.action}`, prepare, run, onDeadline };
}
