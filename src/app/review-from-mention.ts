import type { RepoConfig } from '../core/config/repo-config.js';
import type { GitHubClient } from '../github/github-client.js';
import { renderReviewOutcome } from '../github/render-review-outcome.js';
import { reviewPullRequest, toReviewKey } from '../github/review-pull-request.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import type { RepoTarget } from './repo-indexes.js';
import { runWithIndex } from './run-with-index.js';

export interface PullRequestFacts {
  pullNumber: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
}

/** The shared review flow (src/github) with this App's index and ports; reads nothing from the PR head but its diff. */
export function runPullRequestReview(
  deps: AppDeps,
  client: GitHubClient,
  input: { target: RepoTarget; pr: PullRequestFacts; config: RepoConfig },
): ReturnType<typeof reviewPullRequest> {
  const { target, pr } = input;
  return reviewPullRequest(client, { runReview: (request) => runWithIndex(deps, client, target, request), logger: deps.logger }, {
    owner: target.owner, repo: target.repo, pullNumber: pr.pullNumber, baseSha: pr.baseSha, headSha: pr.headSha,
    title: pr.title, body: pr.body, selfLogin: toSelfLogin(deps.appSlug), stickyKey: toReviewKey(pr.pullNumber), config: input.config,
  });
}

/** `@nanodex review` on a pull request: the review is posted as a review; the mention's reply points to it. */
export async function reviewFromMention(
  deps: AppDeps,
  client: GitHubClient,
  input: { target: RepoTarget; pullNumber: number; config: RepoConfig; deliveryId: string },
): Promise<string> {
  const { data } = await client.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    owner: input.target.owner, repo: input.target.repo, pull_number: input.pullNumber,
  });
  const pr = { pullNumber: input.pullNumber, baseSha: data.base.sha, headSha: data.head.sha, title: data.title, body: data.body ?? '' };
  const outcome = await runPullRequestReview(deps, client, { target: input.target, pr, config: input.config });
  return renderReviewOutcome(outcome, pr.headSha);
}
