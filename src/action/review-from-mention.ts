import { describeError } from '../core/errors.js';
import { toFailure } from '../core/failure/to-failure.js';
import { renderReviewOutcome } from '../github/render-review-outcome.js';
import { renderReply } from '../core/render/render-reply.js';
import type { ActionContext } from './action-context.js';
import { runActionReview, type ActionReview } from './run-action-review.js';

/**
 * `@nanodex review` on a pull request: the pull request's shas from the API
 * (the payload of a comment has none), then the same review an automatic
 * one runs (runActionReview), so the two share the sticky summary and its
 * incremental state. Returns the review and the mention's reply, which
 * points to it. Should reading the pull request fail, the reply says so
 * with a reference id before the error fails the step: the "working"
 * comment is never left standing.
 */
export async function reviewFromMention(
  context: ActionContext,
  input: { pullNumber: number; postReply: (body: string) => Promise<unknown> },
): Promise<ActionReview & { reply: string }> {
  const { client, env } = context;
  let review: ActionReview;
  let headSha: string;
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { owner: env.owner, repo: env.repo, pull_number: input.pullNumber });
    headSha = data.head.sha;
    review = await runActionReview(context, { number: input.pullNumber, baseSha: data.base.sha, headSha, title: data.title, body: data.body ?? '' });
  } catch (error) {
    const failure = toFailure(error, {
      logger: context.logger, log: 'review from a mention failed', fields: { pullRequest: input.pullNumber },
      fallback: `nanodex could not read pull request #${input.pullNumber}`,
    });
    await input.postReply(await renderReply(failure)).catch((postError: unknown) => {
      context.logger.error('could not report the failure in the mention\'s reply', { referenceId: failure.referenceId, error: describeError(postError) });
    });
    throw error;
  }
  return { ...review, reply: renderReviewOutcome(review.reviewed, headSha) };
}
