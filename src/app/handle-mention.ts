import { DEFAULT_REPO_CONFIG, startMention, type RepoConfig } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import { GitDataWriter } from '../github/git-data-writer.js';
import { GitHubThread } from '../github/github-thread.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toAppFlowPorts } from './app-workspace.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import { guardWrites } from './guard-writes.js';
import type { Job } from './job-queue.js';
import { toRepoKey } from './repo-indexes.js';
import type { MentionEvent } from '../github/to-mention-event.js';

export interface MentionInput {
  deliveryId: string;
  client: GitHubClient;
  event: MentionEvent;
  /** The text after the mention (parseMention). */
  text: string;
  /** `--issue` in the mention: open the plan as a tracked issue. */
  openIssue: boolean;
}

/**
 * A mention as a queue job: the core's mention flow (startMention) with
 * GitHub as its thread, the default branch's config, the collaborator
 * permission (cached) and this installation's index. `prepare` (not waiting
 * for the repository) accepts; `run` (one per repository) answers; at the
 * deadline the person is told, and the job's client writes nothing more.
 */
export function toMentionJob(deps: AppDeps, input: MentionInput): Job {
  const { event } = input;
  let stopped = false;
  const client = guardWrites(input.client, () => stopped);
  const coords = { owner: event.target.owner, repo: event.target.repo };
  const thread = new GitHubThread(
    client,
    { ...coords, number: event.issue.number },
    {
      selfLogin: toSelfLogin(deps.appSlug),
      trigger: { commentId: event.comment.id, kind: event.comment.kind },
      logger: deps.logger,
    },
  );
  let config: RepoConfig = DEFAULT_REPO_CONFIG;
  const flowPorts = toAppFlowPorts(deps, client, {
    target: event.target,
    htmlUrl: event.htmlUrl,
    maxTarballBytes: () => config.index.maxTarballBytes,
  });
  let answered = false;
  const mention = startMention(
    {
      text: input.text,
      openIssue: input.openIssue,
      commentId: event.comment.id,
      actor: event.actor,
      thread: event.issue,
      isPublicRepo: event.isPublic,
      htmlUrl: event.htmlUrl,
    },
    {
      ...flowPorts,
      thread,
      readConfig: async () => {
        const parsed = await readRepoConfig(client, { ...coords, defaultBranch: event.target.defaultBranch });
        if (parsed.ok) config = parsed.config;
        return parsed;
      },
      readPermission: (login) => deps.permissions.get(client, coords, login),
      changes: new GitDataWriter(client, coords),
      refusals: {
        wasTold: (login) => deps.refusals.wasTold({ ...coords, issueNumber: event.issue.number }, login),
        remember: (login) => deps.refusals.remember({ ...coords, issueNumber: event.issue.number }, login),
      },
      logFields: { deliveryId: input.deliveryId },
    },
  );
  return {
    deliveryId: input.deliveryId,
    repoKey: toRepoKey(event.target),
    name: 'mention',
    prepare: () => mention.accept(),
    run: async () => {
      await mention.answer();
      answered = true;
      // Answered from a first answer's index: the rest is indexed now, in this job, for the next question.
      await flowPorts.workspace.finishIndex?.().catch((error: unknown) => {
        deps.logger.warn('finishing the index after the reply failed; the next job resumes it', {
          deliveryId: input.deliveryId,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    },
    // The unguarded client: the deadline's own reply must get through, to the comment "working" is in (its id is shared).
    onDeadline: async (failure) => {
      stopped = true;
      // The reply stands: a build cut short after it is resumed by the next job that opens the index.
      if (answered) return;
      await mention.stop(failure, thread.withClient(input.client));
    },
  };
}
