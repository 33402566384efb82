import type { EmitterWebhookEvent } from '@octokit/webhooks';

/** GitHub's webhook payloads as @octokit/webhooks describes them, for fronts that read whole events (the Action's event file). */
export type IssueCommentPayload = EmitterWebhookEvent<'issue_comment'>['payload'];
export type PullRequestPayload = EmitterWebhookEvent<'pull_request'>['payload'];
export type PushPayload = EmitterWebhookEvent<'push'>['payload'];
export type WorkflowDispatchPayload = EmitterWebhookEvent<'workflow_dispatch'>['payload'];
