import {
  code,
  escapeText,
  GITHUB_COMMENT_LIMIT,
  plural,
  redactReviewComment,
  redactSecrets,
  systemClock,
  type ReviewComment,
} from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { statusOf } from './status-of.js';

/** An inline comment as the core renders it (render-review.ts). */
export type ReviewCommentInput = ReviewComment;

export type ReviewTarget = RepoCoords & { pullNumber: number; commitId: string };

export interface PostedReview {
  reviewId: number;
  url: string;
  posted: ReviewCommentInput[];
  moved: { comment: ReviewCommentInput; reason: string }[];
}

const FORBIDDEN_HINT = 'give the App or the workflow token permission to write pull requests ("pull-requests: write")';

/**
 * Posts a COMMENT review with its inline comments in one request. GitHub
 * rejects the whole review (422) when one comment sits off the diff, so then
 * the review is created without comments, each comment is posted on its own,
 * and those GitHub still refuses are moved into a "Could not be placed
 * inline" section of the review body. No finding is dropped; other errors
 * propagate. Every body is redacted first, the last step before it leaves
 * (a suggestion that held a secret is left out, not committed as a marker).
 */
export async function postReview(
  client: GitHubClient,
  target: ReviewTarget,
  unredacted: { body: string; comments: ReviewCommentInput[] },
): Promise<PostedReview> {
  const input = {
    body: await redactSecrets(unredacted.body),
    comments: await Promise.all(unredacted.comments.map(async (c) => ({ ...c, body: (await redactReviewComment(c.body)).body }))),
  };
  const where = `${target.owner}/${target.repo}#${target.pullNumber}`;
  const fail = (error: unknown, what: string) =>
    toNanodexError(error, {
      what: `${what} on ${where}`,
      notFoundCode: 'pull-request-not-found',
      clock: systemClock,
      forbiddenHint: FORBIDDEN_HINT,
    });
  const create = (comments: ReviewCommentInput[]) =>
    client.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      owner: target.owner,
      repo: target.repo,
      pull_number: target.pullNumber,
      commit_id: target.commitId,
      body: input.body,
      event: 'COMMENT',
      ...(comments.length > 0 ? { comments: comments.map(toApiComment) } : {}),
    });

  try {
    const { data } = await create(input.comments);
    return { reviewId: Number(data.id), url: data.html_url, posted: input.comments, moved: [] };
  } catch (error) {
    if (statusOf(error) !== 422 || input.comments.length === 0) throw fail(error, 'posting the review');
  }

  let review;
  try {
    review = (await create([])).data;
  } catch (error) {
    throw fail(error, 'posting the review');
  }
  const posted: ReviewCommentInput[] = [];
  const moved: PostedReview['moved'] = [];
  for (const comment of input.comments) {
    try {
      await client.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/comments', {
        owner: target.owner,
        repo: target.repo,
        pull_number: target.pullNumber,
        commit_id: target.commitId,
        ...toApiComment(comment),
      });
      posted.push(comment);
    } catch (error) {
      if (statusOf(error) !== 422) throw fail(error, `posting the comment on ${comment.path}:${comment.line}`);
      moved.push({ comment, reason: describeRefusal(error) });
    }
  }
  if (moved.length > 0) {
    try {
      await client.request('PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', {
        owner: target.owner,
        repo: target.repo,
        pull_number: target.pullNumber,
        review_id: Number(review.id),
        body: appendMoved(input.body, moved),
      });
    } catch (error) {
      throw fail(error, 'adding the comments that could not be placed inline to the review');
    }
  }
  return { reviewId: Number(review.id), url: review.html_url, posted, moved };
}

function toApiComment(comment: ReviewCommentInput) {
  const multiLine = comment.startLine !== undefined && comment.startLine < comment.line;
  return {
    path: comment.path,
    line: comment.line,
    side: comment.side,
    body: comment.body,
    ...(multiLine ? { start_line: comment.startLine, start_side: comment.side } : {}),
  };
}

/** The review body with the refused comments after it, as many as fit in one comment; the rest are counted. */
export function appendMoved(body: string, moved: PostedReview['moved'], limit = GITHUB_COMMENT_LIMIT): string {
  const heading = `\n\n### Could not be placed inline\n\nGitHub did not accept ${plural(moved.length, 'comment')} on ${moved.length === 1 ? 'its line' : 'their lines'}, so ${moved.length === 1 ? 'it is' : 'they are'} here.`;
  let out = `${body}${heading}`;
  for (const [i, { comment, reason }] of moved.entries()) {
    const lines =
      comment.startLine !== undefined && comment.startLine < comment.line
        ? `lines ${comment.startLine}-${comment.line}`
        : `line ${comment.line}`;
    const entry = `\n\n**${code(comment.path)} ${lines}** (${escapeText(reason)})\n\n${comment.body}`;
    const rest = moved.length - i - 1;
    const reserve = rest > 0 ? 80 : 0;
    if (out.length + entry.length + reserve > limit) {
      return `${out}\n\n… and ${plural(moved.length - i, 'more comment')}, too long for one review.`;
    }
    out += entry;
  }
  return out;
}

/** GitHub's validation messages for a comment, e.g. "pull_request_review_thread.line could not be resolved". */
function describeRefusal(error: unknown): string {
  const data = error instanceof Error && 'response' in error ? (error.response as { data?: unknown } | undefined)?.data : undefined;
  const errors = (data as { errors?: unknown[] } | undefined)?.errors ?? [];
  const texts = errors
    .map((e) =>
      typeof e === 'string'
        ? e
        : typeof e === 'object' && e !== null
          ? [(e as { field?: string }).field, (e as { message?: string }).message].filter(Boolean).join(' ')
          : '',
    )
    .filter((t) => t !== '');
  return texts.length > 0 ? texts.join('; ').slice(0, 200) : 'GitHub could not place it on that line of the diff';
}
