import type { ApplicationFunction, Context } from 'probot';
import { parseMention } from '../github/parse-mention.js';
import type { GitHubClient } from '../github/github-client.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import { toInstallationJobs } from './handle-installation.js';
import { toMentionJob } from './handle-mention.js';
import { toPullRequestJob } from './handle-pull-request.js';
import { toPushJob } from './handle-push.js';
import type { WebhookPayload } from '../github/parse-webhook-payload.js';
import { toMentionEvent } from '../github/to-mention-event.js';

/** Exactly the events the App handles; app.yml subscribes to these (a test keeps the two in step). */
export const HANDLED_EVENTS = [
  'issue_comment.created',
  'pull_request_review_comment.created',
  'pull_request.opened',
  'pull_request.reopened',
  'pull_request.synchronize',
  'pull_request.ready_for_review',
  'push',
  'installation.created',
  'installation_repositories.added',
] as const;

/** The X-GitHub-Event names of HANDLED_EVENTS: a delivery of any other event is acknowledged and goes no further. */
export const HANDLED_EVENT_NAMES: ReadonlySet<string> = new Set(HANDLED_EVENTS.map((e) => e.split('.')[0] ?? e));

/**
 * The Probot app: each handler reads its payload, decides whether there is
 * work, and only enqueues it, so the webhook is acknowledged at once.
 */
export function createNanodexApp(deps: AppDeps): ApplicationFunction {
  return (app) => {
    app.on(['issue_comment.created', 'pull_request_review_comment.created'], async (context) => {
      const event = toMentionEvent(
        context.name === 'issue_comment'
          ? { name: 'issue_comment', payload: context.payload as WebhookPayload<'issue_comment.created'> }
          : { name: 'pull_request_review_comment', payload: context.payload as WebhookPayload<'pull_request_review_comment.created'> },
      );
      if (!event) return;
      // The App's own comments (they quote mentions in help and replies) never trigger it.
      if (event.actor.login === toSelfLogin(deps.appSlug)) return;
      const mention = parseMention(event.comment.body, deps.appSlug);
      if (!mention) return;
      deps.queue.enqueue(
        toMentionJob(deps, { deliveryId: context.id, client: toClient(context), event, text: mention.text, openIssue: mention.openIssue }),
      );
    });

    app.on(
      ['pull_request.opened', 'pull_request.reopened', 'pull_request.synchronize', 'pull_request.ready_for_review'],
      async (context) => {
        const { payload } = context;
        const installationId = payload.installation?.id;
        if (installationId === undefined) return;
        const pr = payload.pull_request;
        deps.queue.enqueue(
          toPullRequestJob(deps, {
            deliveryId: context.id,
            action: payload.action,
            client: toClient(context),
            target: {
              installationId,
              owner: payload.repository.owner.login,
              repo: payload.repository.name,
              defaultBranch: payload.repository.default_branch,
            },
            htmlUrl: payload.repository.html_url,
            pr: {
              number: pr.number,
              baseSha: pr.base.sha,
              headSha: pr.head.sha,
              title: pr.title,
              body: pr.body ?? '',
              draft: pr.draft ?? false,
            },
            sender: payload.sender.login,
          }),
        );
      },
    );

    app.on('push', async (context) => {
      const { payload } = context;
      const installationId = payload.installation?.id;
      const repository = payload.repository;
      const defaultBranch = repository.default_branch ?? repository.master_branch;
      const owner = repository.owner?.login;
      if (installationId === undefined || defaultBranch === undefined || owner === undefined) return;
      if (payload.ref !== `refs/heads/${defaultBranch}` || payload.deleted || /^0+$/.test(payload.after)) return;
      deps.queue.enqueue(
        toPushJob(deps, {
          deliveryId: context.id,
          client: toClient(context),
          after: payload.after,
          target: { installationId, owner, repo: repository.name, defaultBranch },
        }),
      );
    });

    app.on(['installation.created', 'installation_repositories.added'], async (context) => {
      const { payload } = context;
      const repositories = 'repositories_added' in payload ? payload.repositories_added : (payload.repositories ?? []);
      for (const job of toInstallationJobs(deps, {
        deliveryId: context.id,
        client: toClient(context),
        installationId: payload.installation.id,
        repositories: repositories.map((r) => r.full_name),
      }))
        deps.queue.enqueue(job);
    });
  };
}

/** Probot's octokit has the REST methods and plugins of @octokit/rest; the shared layer needs only request/paginate/graphql. */
function toClient(context: Context): GitHubClient {
  return context.octokit as unknown as GitHubClient;
}
