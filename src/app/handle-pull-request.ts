import { renderConfigProblems, REPO_CONFIG_FILE, type RepoConfig } from '../core/config/repo-config.js';
import type { GitHubClient } from '../github/github-client.js';
import { guardWrites } from './guard-writes.js';
import { renderReply } from '../core/render/render-reply.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import type { Job } from './job-queue.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toRepoKey, type RepoTarget } from './repo-indexes.js';
import { runPullRequestReview, type PullRequestFacts } from './review-from-mention.js';

export interface PullRequestInput {
  deliveryId: string;
  action: string;
  client: GitHubClient;
  target: Omit<RepoTarget, 'maxTarballBytes'>;
  pr: PullRequestFacts & { draft: boolean };
  sender: string;
}

/**
 * An automatic review as a queue job: the default branch's config decides
 * (auto, drafts, paths); the review itself is the shared flow, which reviews
 * only commits after the last reviewed sha and never repeats a finding.
 */
export function toPullRequestJob(deps: AppDeps, input: PullRequestInput): Job {
  const { target } = input;
  // Set at the deadline: a review still running then posts nothing, and cannot race the next push's review.
  let stopped = false;
  const client = guardWrites(input.client, () => stopped);
  let config: RepoConfig | undefined;
  const prepare = async (): Promise<boolean> => {
    if (input.sender === toSelfLogin(deps.appSlug)) return false;
    const parsed = await readRepoConfig(client, { owner: target.owner, repo: target.repo, defaultBranch: target.defaultBranch });
    if (!parsed.ok) {
      await upsertStickyComment(client, { owner: target.owner, repo: target.repo, issueNumber: input.pr.pullNumber }, 'config-problems',
        renderConfigProblems(parsed.problems, REPO_CONFIG_FILE), { selfLogin: toSelfLogin(deps.appSlug) });
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
    const outcome = await runPullRequestReview(deps, client, {
      target: { ...target, maxTarballBytes: config.index.maxTarballBytes }, pr: input.pr, config,
    });
    deps.logger.info('pull request review', { deliveryId: input.deliveryId, action: input.action, outcome: outcome.outcome });
  };
  // A review that runs past the deadline says so on the pull request, in its own sticky comment.
  const onDeadline = async (failure: { referenceId: string; message: string }): Promise<void> => {
    stopped = true;
    await upsertStickyComment(input.client, { owner: target.owner, repo: target.repo, issueNumber: input.pr.pullNumber }, 'review-deadline',
      await renderReply({ kind: 'failed', ...failure }), { selfLogin: toSelfLogin(deps.appSlug) });
  };
  return { deliveryId: input.deliveryId, repoKey: toRepoKey(target), name: `pull_request.${input.action}`, prepare, run, onDeadline };
}
