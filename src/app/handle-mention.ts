import { toFailure } from '../core/failure/to-failure.js';
import { DEFAULT_REPO_CONFIG, renderConfigProblems, REPO_CONFIG_FILE, type RepoConfig } from '../core/config/repo-config.js';
import type { Request, RunResult } from '../core/request.js';
import { renderHelp } from '../core/outputs/render-help.js';
import { addReaction } from '../github/add-reaction.js';
import { decideAccess, type Permission } from '../github/decide-access.js';
import type { GitHubClient } from '../github/github-client.js';
import { guardWrites } from './guard-writes.js';
import { renderReply, renderWorking } from '../core/render/render-reply.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import type { Job } from './job-queue.js';
import { openTrackedIssue } from './open-tracked-issue.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toRepoKey } from './repo-indexes.js';
import { reviewFromMention } from './review-from-mention.js';
import { runWithIndex, toFailedResult } from './run-with-index.js';
import type { MentionCommand } from './to-mention-command.js';
import type { MentionEvent } from './to-mention-event.js';

export interface MentionInput {
  deliveryId: string;
  client: GitHubClient;
  event: MentionEvent;
  command: MentionCommand;
  /** `--issue` in the mention: open the plan as a tracked issue. */
  openIssue: boolean;
}

/**
 * A mention, as a queue job. `prepare` (not waiting for the repository):
 * config from the default branch, access, 👀, then the sticky "working"
 * comment. `run` (one per repository): index, core, the reply in the same
 * sticky comment — the result, or a failure with a reference id.
 */
export function toMentionJob(deps: AppDeps, input: MentionInput): Job {
  const { event } = input;
  // Set at the deadline: the stuck work may still finish, but the user was told it failed, so it writes nothing.
  let abandoned = false;
  const client = guardWrites(input.client, () => abandoned);
  const coords = { owner: event.target.owner, repo: event.target.repo };
  const target = { ...coords, issueNumber: event.issue.number };
  const key = `mention-${event.comment.id}`;
  // After the first post the comment's id is known: later updates skip listing the thread.
  let commentId: number | undefined;
  // The unguarded client: the deadline's own reply must get through.
  const upsert = async (body: string) => {
    const posted = await upsertStickyComment(input.client, target, key, body, { selfLogin: toSelfLogin(deps.appSlug), commentId });
    commentId = posted.id;
    return posted;
  };
  const post = async (body: string) => (abandoned ? undefined : upsert(body));
  const onDeadline = async (failure: { referenceId: string; message: string }) => {
    abandoned = true;
    await upsert(await renderReply({ kind: 'failed', ...failure }, { requester: event.actor.login }));
  };
  let config: RepoConfig = DEFAULT_REPO_CONFIG;

  const prepare = async (): Promise<boolean> => {
    const command = input.command.kind === 'help' ? 'help' : input.command.command;
    const decide = (permission: Permission, with_: RepoConfig) => decideAccess({
      command, actor: event.actor, selfLogin: toSelfLogin(deps.appSlug), permission, isPublicRepo: event.isPublic, config: with_,
    });
    // Refused even as admin means a bot or the App itself: stay silent and spend no API call on it.
    const asAdmin = decide('admin', DEFAULT_REPO_CONFIG);
    if (!asAdmin.allowed && !asAdmin.reply) return false;
    try {
      const parsed = await readRepoConfig(client, { ...coords, defaultBranch: event.target.defaultBranch });
      if (parsed.ok) config = parsed.config;
      const access = decide(await deps.permissions.get(client, coords, event.actor.login), config);
      if (!access.allowed) {
        const tell = access.reply && config.access.explainRefusals && !deps.refusals.wasTold(target, event.actor.login);
        deps.logger.info('mention refused', { deliveryId: input.deliveryId, login: event.actor.login, command, reason: access.reason, replied: tell });
        // Keyed by the person, not the mention: a restart updates the same comment instead of adding one.
        if (tell) {
          await upsertStickyComment(client, target, `refused-${event.actor.login.toLowerCase()}`, access.reason, { selfLogin: toSelfLogin(deps.appSlug) });
          deps.refusals.remember(target, event.actor.login);
        }
        return false;
      }
      // A missing reaction is logged and never stops the answer.
      await addReaction(client, { ...coords, commentId: event.comment.id, kind: event.comment.kind }, 'eyes', { logger: deps.logger });
      if (!parsed.ok) {
        await post(renderConfigProblems(parsed.problems, REPO_CONFIG_FILE));
        return false;
      }
      if (input.command.kind === 'help') {
        await post(renderHelp(undefined, input.command.unknown).map((b) => b.text).join('\n\n'));
        return false;
      }
      await post(renderWorking(command));
      return true;
    } catch (error) {
      // Never silence: whoever asked learns that it failed, with the id that is in the server log.
      const failure = toFailure(error, { logger: deps.logger, log: 'mention failed before it ran', fields: { deliveryId: input.deliveryId } });
      await post(await renderReply(failure)).catch(() => undefined);
      return false;
    }
  };

  const run = async (): Promise<void> => {
    let reply: string;
    try {
      reply = await answer();
    } catch (error) {
      reply = await renderReply(toFailedResult(deps, error, 'answering the mention'), { requester: event.actor.login });
    }
    try {
      await post(reply);
    } catch (error) {
      // The working comment stays; the log has the reference. Nothing partial is shown as complete.
      toFailedResult(deps, error, 'posting the reply');
      throw error;
    }
  };

  const answer = async (): Promise<string> => {
    const { command } = input.command as Extract<MentionCommand, { kind: 'run' }>;
    const repoTarget = { ...event.target, maxTarballBytes: config.index.maxTarballBytes };
    if (command === 'review' && event.issue.isPullRequest) {
      return reviewFromMention(deps, client, { target: repoTarget, pullNumber: event.issue.number, config, deliveryId: input.deliveryId });
    }
    const request = toMentionRequest(input, config);
    const result = await runWithIndex(deps, client, repoTarget, request);
    return withTrackedIssue(client, result, input, config);
  };

  return { deliveryId: input.deliveryId, repoKey: toRepoKey(event.target), name: 'mention', prepare, run, onDeadline };
}

export function toMentionRequest(input: Pick<MentionInput, 'event' | 'command'>, config: RepoConfig): Request {
  const { event } = input;
  const command = input.command as Extract<MentionCommand, { kind: 'run' }>;
  return {
    command: command.command,
    prompt: command.prompt,
    repo: { kind: 'github', owner: event.target.owner, repo: event.target.repo, url: event.htmlUrl },
    issue: { number: event.issue.number, title: event.issue.title, body: event.issue.body },
    actor: { login: event.actor.login, kind: event.actor.type === 'User' ? 'user' : 'bot' },
    budget: config.budget,
  };
}

/** The reply, and for a plan asked with `--issue` (or by config) the tracked issue it opened. */
async function withTrackedIssue(client: GitHubClient, result: RunResult, input: MentionInput, config: RepoConfig): Promise<string> {
  const reply = await renderReply(result, { requester: input.event.actor.login });
  const draft = result.kind === 'done' && 'comment' in result && result.command === 'plan' ? result.comment.issueDraft : undefined;
  if (draft === undefined || !(input.openIssue || config.plan.openIssue)) return reply;
  const opened = await openTrackedIssue(client, input.event.target, { ...draft, fromIssue: input.event.issue.number });
  return `${reply}\n\n📌 Tracked in #${opened.number}.`;
}
