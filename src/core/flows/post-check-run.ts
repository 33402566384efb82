import type { RepoConfig } from '../config/repo-config.js';
import { describeError } from '../errors.js';
import type { Logger } from '../ports.js';
import type { CheckRunPosted } from '../publish/check-run.js';
import type { PullRequestThread } from '../publish/publisher.js';
import { buildCheckRun, selectCarried, type CarriedAnnotations, type ReviewEnd } from '../review/build-check-run.js';

/**
 * Posts (or updates) the head's check run, when the repository keeps
 * `review.checkRun` on and the thread can post one. The check run follows
 * the review and never fails it: a token without `checks: write` (HTTP 403)
 * or any other refusal is one log line, and the review stands.
 */
export async function postCheckRun(
  thread: PullRequestThread,
  end: ReviewEnd,
  input: { headSha: string; config: RepoConfig; htmlUrl: string; detailsUrl?: string; logger: Logger; pullRequest: number },
): Promise<CheckRunPosted | undefined> {
  if (!input.config.review.checkRun || thread.upsertCheckRun === undefined) return undefined;
  const run = buildCheckRun(end, {
    headSha: input.headSha,
    failOn: input.config.review.failOn,
    htmlUrl: input.htmlUrl,
    detailsUrl: input.detailsUrl,
  });
  try {
    const posted = await thread.upsertCheckRun(run);
    if (posted.kind === 'not-permitted') {
      input.logger.warn(`check run not posted: ${posted.message}`, { pullRequest: input.pullRequest, headSha: input.headSha });
    } else {
      input.logger.info('check run posted', {
        pullRequest: input.pullRequest,
        conclusion: run.conclusion,
        annotations: run.annotations.length,
        updated: posted.updated,
      });
    }
    return posted;
  } catch (error) {
    input.logger.warn('could not post the check run; the review stands', {
      pullRequest: input.pullRequest,
      headSha: input.headSha,
      error: describeError(error),
    });
    return undefined;
  }
}

/**
 * The findings of the last reviewed head's check run that still stand (see
 * selectCarried): read back from that run, since the new review reads only
 * the new commits. Nothing is carried when that run cannot be read.
 */
export async function readCarriedFindings(
  thread: PullRequestThread,
  input: { since: string; changedPaths: string[]; config: RepoConfig; logger: Logger },
): Promise<CarriedAnnotations | undefined> {
  if (!input.config.review.checkRun || thread.readCheckAnnotations === undefined) return undefined;
  try {
    const annotations = await thread.readCheckAnnotations(input.since);
    return annotations && { from: input.since, annotations: selectCarried(annotations, new Set(input.changedPaths)) };
  } catch (error) {
    input.logger.warn("could not read the last reviewed head's check run; its findings are not carried", {
      since: input.since,
      error: describeError(error),
    });
    return undefined;
  }
}
