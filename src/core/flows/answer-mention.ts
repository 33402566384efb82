import { decideAccess, type Permission } from '../access/decide-access.js';
import { toMentionCommand, type MentionCommand } from '../commands/to-mention-command.js';
import {
  DEFAULT_REPO_CONFIG,
  renderConfigProblems,
  REPO_CONFIG_FILE,
  type ParsedRepoConfig,
  type RepoConfig,
} from '../config/repo-config.js';
import { describeError } from '../errors.js';
import { throwIfRetryable } from '../failure/retry-later.js';
import { toFailure, type Failure } from '../failure/to-failure.js';
import { renderHelp } from '../outputs/render-help.js';
import type { Publisher, PullRequestThread } from '../publish/publisher.js';
import { renderFailure, renderReply, renderWorking } from '../render/render-reply.js';
import type { RunResult } from '../request.js';
import type { ChangeWriter } from '../publish/change-writer.js';
import { applyProposal, type ApplyOutcome } from './apply-proposal.js';
import { keepInReply } from './keep-in-reply.js';
import { readThreadMemory } from './record-memory.js';
import { renderReviewOutcome, reviewChange, type ReviewOutcome } from './review-change.js';
import { runInWorkspace, type FlowPorts } from './workspace.js';

/** A comment that mentions nanodex, as every front maps it from its event. */
export interface MentionInput {
  /** The text after the mention (parseMention), budget words included. */
  text: string;
  /** `--issue` in the mention: open a plan as a tracked issue. */
  openIssue: boolean;
  /** The comment's id: its reply is sticky under `mention-<id>`. */
  commentId: number;
  actor: { login: string; type: 'User' | 'Bot' | 'Organization' };
  thread: { number: number; title: string; body: string; isPullRequest: boolean };
  isPublicRepo: boolean;
  /** The repository's page, for a review's citations. */
  htmlUrl: string;
}

export interface MentionPorts extends FlowPorts {
  /** The issue or pull request the mention is in. Its pull request reads are used only when it is one. */
  thread: PullRequestThread;
  /** nanodex's own login: its comments never ask. */
  selfLogin: string;
  /** The repository's config, from its default branch; read only once the mention could be allowed. */
  readConfig(): Promise<ParsedRepoConfig>;
  /** The commenter's permission on the repository. */
  readPermission(login: string): Promise<Permission>;
  /** Where `@nanodex apply` writes a branch and a pull request; absent where nothing can be written (a replay). */
  changes?: ChangeWriter;
  /** Who was already told "no" in this thread: one refusal each, not one per mention. Absent: every refusal is told. */
  refusals?: { wasTold(login: string): boolean; remember(login: string): void };
  /** Added to the log lines (a delivery id, a run id). */
  logFields?: Record<string, unknown>;
}

/** Why `accept` said no: silently (a bot), a refusal, help, the config's problems, or a failure (with its reference id). */
export interface Declined {
  handled: 'ignored' | 'refused' | 'help' | 'config-problems' | 'failed';
  reason: string;
}

export type MentionOutcome =
  | Declined
  | { handled: 'answered'; command: string; result: RunResult; url: string | undefined }
  | { handled: 'applied'; outcome: ApplyOutcome; url: string | undefined }
  | { handled: 'reviewed'; review: ReviewOutcome; url: string | undefined };

/**
 * One mention, in two steps so a queue can run the first at once and the
 * second when the repository is free. `accept`: access (bots and nanodex
 * itself silently, others refused once per thread), the config, the
 * sticky "working" reply (or help, or the config's problems), then 👀,
 * which `accept` does not wait for.
 * `answer`: the run (a review on a pull request), the reply in the same
 * sticky comment (the result, or a failure with a reference id), a tracked
 * issue for a plan asked with `--issue`, 🚀 or 😕. `stop`: the deadline
 * passed; the person is told and nothing more is written.
 */
export interface Mention {
  accept(): Promise<boolean>;
  answer(): Promise<MentionOutcome>;
  /** Tells the person the work was stopped, through `publisher` (one that still writes), and silences the rest. */
  stop(failure: Pick<Failure, 'message' | 'referenceId'>, publisher: Publisher): Promise<void>;
  /** What `accept` decided, when it did not accept. */
  readonly declined: Declined | undefined;
}

export function startMention(input: MentionInput, ports: MentionPorts): Mention {
  const key = `mention-${input.commentId}`;
  const command: MentionCommand = toMentionCommand(input.text);
  const commandName = command.kind === 'help' ? 'help' : command.kind === 'apply' ? 'apply' : command.command;
  const login = input.actor.login;
  let config: RepoConfig = DEFAULT_REPO_CONFIG;
  let stopped = false;
  let declined: Declined | undefined;
  let replyUrl: string | undefined;
  // 👀 is written after the first reply, and only the flow's later writes wait for it: GitHub's writes are
  // paced a second apart (octokit's throttling), and 👀 first held "working", and with it the answer's
  // work (a cold index), a second behind it. A reaction is a courtesy: its failure is logged.
  let acknowledged: Promise<void> = Promise.resolve();
  const post = async (body: string) => {
    if (stopped) return;
    // The result follows 👀 as it did before 👀 moved after "working" (with GitHub's pacing it waits for it anyway).
    await acknowledged;
    replyUrl = (await ports.thread.reply(key, body)).url;
  };
  const decline = (handled: Declined['handled'], reason: string) => {
    declined = { handled, reason };
    return false;
  };
  const acknowledge = (): Promise<void> => {
    acknowledged = ports.thread.react('eyes').catch((error: unknown) => {
      ports.logger.warn('could not add the 👀 reaction', { ...ports.logFields, error: describeError(error) });
    });
    return acknowledged;
  };

  const accept = async (): Promise<boolean> => {
    const decide = (permission: Permission, with_: RepoConfig) =>
      decideAccess({
        command: commandName,
        actor: input.actor,
        selfLogin: ports.selfLogin,
        permission,
        isPublicRepo: input.isPublicRepo,
        config: with_,
      });
    // Refused even as admin means a bot or nanodex itself: stay silent and spend no API call on it.
    const asAdmin = decide('admin', DEFAULT_REPO_CONFIG);
    if (!asAdmin.allowed && !asAdmin.reply) return decline('ignored', asAdmin.reason);
    try {
      const parsed = await ports.readConfig();
      if (parsed.ok) config = parsed.config;
      const access = decide(await ports.readPermission(login), config);
      if (!access.allowed) {
        const tell = access.reply && config.access.explainRefusals && !(ports.refusals?.wasTold(login) ?? false);
        ports.logger.info('mention refused', { ...ports.logFields, login, command: commandName, reason: access.reason, replied: tell });
        // Keyed by the person, not the mention: a restart updates the same comment instead of adding one.
        if (tell) {
          await ports.thread.reply(`refused-${login.toLowerCase()}`, access.reason);
          ports.refusals?.remember(login);
        }
        return decline('refused', `@${login} may not run \`${commandName}\`: ${access.reason}`);
      }
      if (!parsed.ok) {
        await post(renderConfigProblems(parsed.problems, REPO_CONFIG_FILE));
        await acknowledge();
        return decline('config-problems', `${REPO_CONFIG_FILE} has problems; the reply lists them`);
      }
      if (command.kind === 'help') {
        await post(
          renderHelp(undefined, command.unknown)
            .map((b) => b.text)
            .join('\n\n'),
        );
        await acknowledge();
        return decline('help', 'answered with the list of commands');
      }
      await post(renderWorking(commandName));
      void acknowledge();
      return true;
    } catch (error) {
      throwIfRetryable(error, ports.retryable);
      // Never silence: whoever asked learns that it failed, with the id that is in the log.
      const failure = toFailure(error, { logger: ports.logger, log: 'mention failed before it ran', fields: ports.logFields });
      await post(renderFailure(failure, { requester: login })).catch((postError: unknown) => reportUnposted(failure, postError));
      return decline('failed', `nanodex could not finish: ${failure.message} (reference ${failure.referenceId})`);
    }
  };

  const answer = async (): Promise<MentionOutcome> => {
    if (command.kind === 'help' || declined !== undefined) throw new Error('answer() runs only after accept() said yes');
    if (command.kind === 'apply') return apply(command);
    const run = command;
    if (run.command === 'review' && input.thread.isPullRequest) return review();
    try {
      // A follow-up ("now the same for the uploader") starts from what this thread already found.
      const memory = await readThreadMemory(ports.thread, {
        selfLogin: ports.selfLogin,
        repo: repoOf(input.htmlUrl),
        currentCommentId: input.commentId,
        logger: ports.logger,
        logFields: ports.logFields,
      });
      const result = await runInWorkspace(
        {
          command: run.command,
          prompt: run.prompt,
          ...(memory ? { memory } : {}),
          issue: { number: input.thread.number, title: input.thread.title, body: input.thread.body },
          actor: { login, kind: input.actor.type === 'User' ? 'user' : 'bot' },
          budget: config.budget,
        },
        ports,
      );
      const reply = `${await renderReply(result, { requester: login })}${await openTrackedIssue(result)}`;
      // A proposal of `work` is kept in the reply itself, so `@nanodex apply <id>` finds it from any worker.
      const body = keepInReply(reply, result, {
        repo: repoOf(input.htmlUrl),
        command: 'command' in result ? result.command : run.command,
        request: run.prompt,
        now: new Date(ports.clock.now()),
      });
      await post(body);
      await react(result.kind === 'failed' ? 'confused' : 'rocket');
      return { handled: 'answered', command: 'command' in result ? result.command : run.command, result, url: replyUrl };
    } catch (error) {
      throwIfRetryable(error, ports.retryable);
      // Whatever failed after "working" (rendering, the tracked issue, the post), the person is told where "working" stands.
      const failure = toFailure(error, { logger: ports.logger, log: 'answering the mention failed', fields: ports.logFields });
      await post(renderFailure(failure, { requester: login })).catch((postError: unknown) => reportUnposted(failure, postError));
      await react('confused').catch(() => undefined);
      return { handled: 'answered', command: run.command, result: failure, url: replyUrl };
    }
  };

  /** `@nanodex apply <id>`: writes an approved proposal to a branch and opens a pull request (never the default branch). */
  const apply = async (request: { id: string; groups: string[] }): Promise<MentionOutcome> => {
    try {
      const { body, outcome } = await applyProposal(
        {
          ...request,
          repo: repoOf(input.htmlUrl),
          requester: login,
          requestUrl: `${input.htmlUrl}/issues/${input.thread.number}#issuecomment-${input.commentId}`,
          config,
        },
        { thread: ports.thread, changes: ports.changes, selfLogin: ports.selfLogin, clock: ports.clock, logger: ports.logger },
      );
      await post(body);
      await react(outcome.applied ? 'rocket' : 'confused');
      return { handled: 'applied', outcome, url: replyUrl };
    } catch (error) {
      // A retry is safe: a second apply finds the open pull request, or resumes on the branch it wrote.
      throwIfRetryable(error, ports.retryable);
      const failure = toFailure(error, { logger: ports.logger, log: 'applying a proposal failed', fields: ports.logFields });
      await post(renderFailure(failure, { requester: login })).catch(() => undefined);
      await react('confused').catch(() => undefined);
      return {
        handled: 'applied',
        outcome: { applied: false, reason: `${failure.message} (reference ${failure.referenceId})`, failed: true },
        url: replyUrl,
      };
    }
  };

  /** `@nanodex review` on a pull request: the review is posted as a review (its own sticky summary); the reply points to it. */
  const review = async (): Promise<MentionOutcome> => {
    let reviewed: ReviewOutcome;
    let headSha = '';
    try {
      const pr = await ports.thread.readFacts();
      headSha = pr.headSha;
      reviewed = await reviewChange({ pr, config, htmlUrl: input.htmlUrl }, ports.thread, ports);
    } catch (error) {
      throwIfRetryable(error, ports.retryable);
      const failure = toFailure(error, {
        logger: ports.logger,
        log: 'review from a mention failed',
        fields: { ...ports.logFields, pullRequest: input.thread.number },
        fallback: `nanodex could not read pull request #${input.thread.number}`,
      });
      reviewed = { outcome: 'failed', referenceId: failure.referenceId, result: failure };
      await post(renderFailure(failure, { requester: login })).catch(() => undefined);
      await react('confused');
      return { handled: 'reviewed', review: reviewed, url: replyUrl };
    }
    await post(renderReviewOutcome(reviewed, headSha)).catch((error: unknown) => {
      ports.logger.error('could not point the mention to its review', { ...ports.logFields, error: describeError(error) });
    });
    await react(reviewed.outcome === 'failed' ? 'confused' : 'rocket');
    return { handled: 'reviewed', review: reviewed, url: replyUrl };
  };

  /** For a plan asked with `--issue` (or by config): the tracked issue, as a line for the reply. */
  const openTrackedIssue = async (result: RunResult): Promise<string> => {
    const draft = result.kind === 'done' && 'comment' in result && result.command === 'plan' ? result.comment.issueDraft : undefined;
    if (draft === undefined || !(input.openIssue || config.plan.openIssue) || stopped) return '';
    const opened = await ports.thread.openIssue(draft);
    return `\n\n📌 Tracked in #${opened.number}.`;
  };

  /** The failure reply itself failed (GitHub down or silent): the log is then the only place the person's request is reported. */
  const reportUnposted = (failure: Pick<Failure, 'referenceId'>, postError: unknown): void => {
    ports.logger.error('could not report the failure in the sticky comment', {
      ...ports.logFields,
      referenceId: failure.referenceId,
      error: describeError(postError),
    });
  };

  const react = async (reaction: 'rocket' | 'confused') => {
    await acknowledged;
    if (!stopped) await ports.thread.react(reaction);
  };

  const stop = async (failure: Pick<Failure, 'message' | 'referenceId'>, publisher: Publisher): Promise<void> => {
    stopped = true;
    await publisher.reply(key, renderFailure(failure, { requester: login }));
  };

  return {
    accept,
    answer,
    stop,
    get declined() {
      return declined;
    },
  };
}

/** `owner/repo` from the repository's page (github.com or a GitHub Enterprise Server host). */
function repoOf(htmlUrl: string): string {
  return htmlUrl.replace(/\/+$/, '').split('/').slice(-2).join('/');
}
