import type { WebhookPayload } from './parse-webhook-payload.js';

type IssueCommentPayload = WebhookPayload<'issue_comment.created'>;
type ReviewCommentPayload = WebhookPayload<'pull_request_review_comment.created'>;

/** What a mention needs from its webhook, read once from the delivery (never re-fetched: later edits do not count). */
export interface MentionEvent {
  target: { installationId: number; owner: string; repo: string; defaultBranch: string };
  htmlUrl: string;
  isPublic: boolean;
  /** The issue or pull request the conversation is on. */
  issue: { number: number; title: string; body: string; isPullRequest: boolean };
  comment: { id: number; kind: 'issue' | 'review'; body: string };
  actor: { login: string; type: 'User' | 'Bot' | 'Organization' };
}

/**
 * A checked `issue_comment` or `pull_request_review_comment` delivery as a
 * mention's facts. Undefined when the delivery has no installation (nothing
 * could be posted) and `installationId` is not given (a replay stands in one).
 */
export function toMentionEvent(
  event: { name: 'issue_comment'; payload: IssueCommentPayload } | { name: 'pull_request_review_comment'; payload: ReviewCommentPayload },
  options: { installationId?: number } = {},
): MentionEvent | undefined {
  const { payload } = event;
  const installationId = payload.installation?.id ?? options.installationId;
  if (installationId === undefined) return undefined;
  const repository = payload.repository;
  const user = payload.comment.user;
  const conversation =
    event.name === 'issue_comment'
      ? {
          number: event.payload.issue.number,
          title: event.payload.issue.title,
          body: event.payload.issue.body ?? '',
          isPullRequest: event.payload.issue.pull_request !== undefined,
        }
      : {
          number: event.payload.pull_request.number,
          title: event.payload.pull_request.title,
          body: event.payload.pull_request.body ?? '',
          isPullRequest: true,
        };
  return {
    target: { installationId, owner: repository.owner.login, repo: repository.name, defaultBranch: repository.default_branch },
    htmlUrl: repository.html_url,
    isPublic: !repository.private,
    issue: conversation,
    comment: { id: payload.comment.id, kind: event.name === 'issue_comment' ? 'issue' : 'review', body: payload.comment.body ?? '' },
    actor: { login: user?.login ?? 'ghost', type: toActorType(user?.type) },
  };
}

export function toActorType(type: string | undefined): MentionEvent['actor']['type'] {
  return type === 'Bot' || type === 'Organization' ? type : type === 'User' ? 'User' : 'Bot';
}
