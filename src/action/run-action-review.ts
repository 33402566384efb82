import type { RunResult } from '../core/request.js';
import { reviewPullRequest, toReviewKey, type ReviewOutcome } from '../github/review-pull-request.js';
import { toRunFailure, type ActionContext, type ActionOutcome } from './action-context.js';
import { openActionRunner, type ActionRunner } from './open-action-runner.js';

export interface PullRequestFacts {
  number: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
}

export interface ActionReview {
  reviewed: ReviewOutcome;
  /** The core's result; undefined when no run was needed (the head was already reviewed, or no file matched). */
  result: RunResult | undefined;
  index: ActionOutcome['index'];
  notices: string[];
  /** Set when the step must fail: the review did not finish. */
  failure: string | undefined;
}

/**
 * The shared review flow (src/github: incremental from the last reviewed sha,
 * suppressed findings dropped, one sticky summary per pull request under
 * `review-<n>`, the App's key too) with the checkout and its cached index as
 * the source. Automatic reviews and `@nanodex review` both come through
 * here, so they share the review state. The index is opened on first use: a
 * head already reviewed needs none.
 */
export async function runActionReview(context: ActionContext, pr: PullRequestFacts): Promise<ActionReview> {
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
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      title: pr.title,
      body: pr.body,
      selfLogin: context.selfLogin,
      stickyKey: toReviewKey(pr.number),
      config: context.config,
      htmlUrl: `${context.env.serverUrl}/${context.env.owner}/${context.env.repo}`,
    });
    return {
      reviewed,
      result,
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
