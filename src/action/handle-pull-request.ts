import { reviewChange, type PullRequestFacts, type ReviewOutcome } from '../core/index.js';
import { GitHubThread } from '../github/github-thread.js';
import { toIgnored, toRunFailure, type ActionContext, type ActionOutcome } from './action-context.js';
import { toActionWorkspace, toHtmlUrl, toRunConfig } from './action-workspace.js';
import type { PullRequestPayload } from './read-action-event.js';

/** The pull request actions that bring new code to review. */
const REVIEWED_ACTIONS = new Set(['opened', 'synchronize', 'reopened', 'ready_for_review']);

/** Why a fork's `pull_request` run cannot post: said in the summary and as a notice on the run. */
export const FORK_NOTICE =
  'This pull request comes from a fork, and GitHub runs `pull_request` workflows from forks with a read-only token and ' +
  'without secrets, so nanodex cannot post a review here. To review fork pull requests, trigger on `pull_request_target` ' +
  "instead and read docs/action.md first: that event runs with write access, so never check out or run the fork's code in it.";

/** Why no check run appeared: the review itself stands (said on the run and in the job summary). */
export const CHECKS_NOTICE =
  'nanodex posted its review but no "nanodex review" check run: the workflow token may not write checks. ' +
  "Add `checks: write` to the workflow's `permissions` (docs/action.md), or set `review.checkRun: false` in .github/nanodex.yml.";

/**
 * `pull_request` / `pull_request_target`: the core's review (reviewChange),
 * with the config read from the default branch (run.ts), so the pull
 * request cannot turn its own review off.
 */
export async function handlePullRequest(
  event: { name: 'pull_request' | 'pull_request_target'; payload: PullRequestPayload },
  context: ActionContext,
): Promise<ActionOutcome> {
  const { payload } = event;
  const pr = payload.pull_request;
  if (!REVIEWED_ACTIONS.has(payload.action)) return toIgnored(`Pull request #${pr.number} was ${payload.action}; nothing new to review.`);
  if (!context.config.review.auto) return toIgnored('Automatic reviews are off (`review.auto: false` in the config).');
  if (pr.draft && !context.config.review.drafts)
    return toIgnored(`Pull request #${pr.number} is a draft (set \`review.drafts: true\` to review drafts).`);
  const fromFork = pr.head.repo?.full_name !== pr.base.repo.full_name;
  if (fromFork && event.name === 'pull_request') {
    return toIgnored(`Pull request #${pr.number} comes from a fork: not reviewed (read-only token).`, [FORK_NOTICE]);
  }
  const facts: PullRequestFacts = { number: pr.number, baseSha: pr.base.sha, headSha: pr.head.sha, title: pr.title, body: pr.body ?? '' };
  const workspace = await toActionWorkspace(context);
  const reviewed = await reviewChange(
    { pr: facts, config: toRunConfig(context), htmlUrl: toHtmlUrl(context) },
    toActionThread(context, pr.number),
    workspace.ports,
  );
  return {
    handled: 'review',
    headline: `Review of #${pr.number} at ${pr.head.sha.slice(0, 7)}: ${reviewed.outcome}.`,
    result: reviewed.result,
    commentUrl: reviewed.url,
    index: workspace.index,
    notices: reviewed.checkRun?.kind === 'not-permitted' ? [...workspace.notices, CHECKS_NOTICE] : workspace.notices,
    failure: toReviewFailure(reviewed, pr.number),
  };
}

/** The issue or pull request this run writes to, as the workflow token's user. */
export function toActionThread(context: ActionContext, number: number, trigger?: { commentId: number }): GitHubThread {
  return new GitHubThread(
    context.client,
    { owner: context.env.owner, repo: context.env.repo, number },
    {
      selfLogin: context.selfLogin,
      logger: context.logger,
      ...(trigger ? { trigger: { commentId: trigger.commentId, kind: 'issue' as const } } : {}),
    },
  );
}

/** Set when the step must fail: the review did not finish. */
export function toReviewFailure(reviewed: ReviewOutcome, pullNumber: number): string | undefined {
  if (reviewed.outcome !== 'failed') return undefined;
  return (
    toRunFailure(reviewed.result) ??
    `the review of #${pullNumber} failed (reference ${reviewed.referenceId ?? 'none'}); the pull request's nanodex comment says why`
  );
}
