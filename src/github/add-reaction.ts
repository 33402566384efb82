import type { Logger } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { statusOf } from './status-of.js';

export type ReactionContent = '+1' | 'eyes' | 'rocket' | 'confused';

export type ReactionTarget = RepoCoords & {
  commentId: number;
  /** An issue or pull request conversation comment, or an inline review comment. */
  kind: 'issue' | 'review';
};

/**
 * Acknowledges a comment at once. A reaction is a courtesy: it never stops
 * the work, so a failure is logged (when a logger is given) and reported as
 * `false`, never thrown.
 */
export async function addReaction(
  client: GitHubClient,
  target: ReactionTarget,
  content: ReactionContent,
  options: { logger?: Logger } = {},
): Promise<boolean> {
  const route =
    target.kind === 'issue'
      ? ('POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions' as const)
      : ('POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions' as const);
  try {
    await client.request(route, { owner: target.owner, repo: target.repo, comment_id: target.commentId, content });
    return true;
  } catch (error) {
    const status = statusOf(error);
    options.logger?.warn('could not add a reaction', {
      repo: `${target.owner}/${target.repo}`,
      commentId: target.commentId,
      content,
      status,
    });
    return false;
  }
}
