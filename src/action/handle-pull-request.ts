import type { RunResult } from '../core/request.js';
import { reviewPullRequest } from '../github/review-pull-request.js';
import { ACTIONS_BOT_LOGIN, toIgnored, toRunFailure, type ActionContext, type ActionOutcome } from './action-context.js';
import { openActionRunner, type ActionRunner } from './open-action-runner.js';
import type { PullRequestPayload } from './read-action-event.js';

/** The pull request actions that bring new code to review. */
const REVIEWED_ACTIONS = new Set(['opened', 'synchronize', 'reopened', 'ready_for_review']);

/** Why a fork's `pull_request` run cannot post: said in the summary and as a notice on the run. */
export const FORK_NOTICE =
  'This pull request comes from a fork, and GitHub runs `pull_request` workflows from forks with a read-only token and ' +
  'without secrets, so nanodex cannot post a review here. To review fork pull requests, trigger on `pull_request_target` ' +
  'instead and read docs/action.md first: that event runs with write access, so never check out or run the fork\'s code in it.';

/**
 * `pull_request` / `pull_request_target`: the shared review flow (incremental
 * from the last reviewed sha, suppressed findings dropped, sticky summary), with
 * the checkout and its cached index as the source.
 */
export async function handlePullRequest(
  event: { name: 'pull_request' | 'pull_request_target'; payload: PullRequestPayload },
  context: ActionContext,
): Promise<ActionOutcome> {
  const { payload } = event;
  const pr = payload.pull_request;
  if (!REVIEWED_ACTIONS.has(payload.action)) return toIgnored(`Pull request #${pr.number} was ${payload.action}; nothing new to review.`);
  if (!context.config.review.auto) return toIgnored('Automatic reviews are off (`review.auto: false` in the config).');
  if (pr.draft && !context.config.review.drafts) return toIgnored(`Pull request #${pr.number} is a draft (set \`review.drafts: true\` to review drafts).`);
  const fromFork = pr.head.repo?.full_name !== pr.base.repo.full_name;
  if (fromFork && event.name === 'pull_request') {
    return toIgnored(`Pull request #${pr.number} comes from a fork: not reviewed (read-only token).`, [FORK_NOTICE]);
  }

  // Opened on first use: a head that was already reviewed needs no index.
  let runner: ActionRunner | undefined;
  let result: RunResult | undefined;
  try {
    const reviewed = await reviewPullRequest(context.client, {
      runReview: async (request) => {
        runner ??= await openActionRunner(context);
        result = await runner.runRequest(request);
        return result;
      },
      logger: context.logger,
    }, {
      owner: context.env.owner,
      repo: context.env.repo,
      pullNumber: pr.number,
      baseSha: pr.base.sha,
      headSha: pr.head.sha,
      title: pr.title,
      body: pr.body ?? '',
      selfLogin: ACTIONS_BOT_LOGIN,
      stickyKey: 'review',
      config: context.config,
      htmlUrl: `${context.env.serverUrl}/${context.env.owner}/${context.env.repo}`,
    });
    return {
      handled: 'review',
      headline: `Review of #${pr.number} at ${pr.head.sha.slice(0, 7)}: ${reviewed.outcome}.`,
      result,
      commentUrl: reviewed.url,
      index: runner?.index,
      notices: runner?.notices ?? [],
      failure: reviewed.outcome === 'failed'
        ? toRunFailure(result) ?? `the review of #${pr.number} failed (reference ${reviewed.referenceId ?? 'none'}); the pull request's nanodex comment says why`
        : undefined,
    };
  } finally {
    runner?.close();
  }
}
