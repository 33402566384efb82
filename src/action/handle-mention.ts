import { describeError, startMention } from '../core/index.js';
import { GitDataWriter } from '../github/git-data-writer.js';
import { parseMention } from '../github/parse-mention.js';
import { PermissionCache } from '../github/read-permission.js';
import { toIgnored, toRunFailure, type ActionContext, type ActionOutcome } from './action-context.js';
import { toActionWorkspace, toHtmlUrl, toRunConfig } from './action-workspace.js';
import { toActionThread, toReviewFailure } from './handle-pull-request.js';
import type { IssueCommentPayload } from './read-action-event.js';

/**
 * `issue_comment`: a comment that mentions nanodex is a request, answered by
 * the core's mention flow (startMention) under the App's rules, with the
 * checkout as the repository and the config this run already read.
 */
export async function handleMention(payload: IssueCommentPayload, context: ActionContext): Promise<ActionOutcome> {
  const { client, env, inputs } = context;
  if (payload.action !== 'created') return toIgnored(`The comment was ${payload.action}; only new comments are requests.`);
  const { comment, issue, repository } = payload;
  const mention = parseMention(comment.body, inputs.mention);
  if (mention === undefined) return toIgnored(`The comment does not mention @${inputs.mention}.`);
  const user = comment.user;
  if (user === null) return toIgnored('The comment has no author (a deleted account).');

  const workspace = await toActionWorkspace(context, { firstAnswer: true });
  const flow = startMention(
    {
      text: mention.text,
      openIssue: mention.openIssue,
      commentId: comment.id,
      actor: { login: user.login, type: toActorType(user.type) },
      thread: { number: issue.number, title: issue.title, body: issue.body ?? '', isPullRequest: issue.pull_request !== undefined },
      isPublicRepo: !repository.private,
      htmlUrl: toHtmlUrl(context),
    },
    {
      ...workspace.ports,
      thread: toActionThread(context, issue.number, { commentId: comment.id }),
      selfLogin: context.selfLogin,
      readConfig: async () => ({ ok: true, config: toRunConfig(context) }),
      readPermission: (login) => new PermissionCache().get(client, { owner: env.owner, repo: env.repo }, login),
      changes: new GitDataWriter(client, { owner: env.owner, repo: env.repo }),
      logFields: { comment: comment.id },
    },
  );
  if (!(await flow.accept())) {
    const declined = flow.declined ?? { handled: 'ignored', reason: 'The mention was not accepted.' };
    return declined.handled === 'failed'
      ? { ...toIgnored('The mention could not be answered.'), failure: declined.reason }
      : toIgnored(declined.reason);
  }
  const outcome = await flow.answer();
  // Answered from a first answer's index: the rest is indexed now and cached, for the next run.
  await workspace.ports.workspace.finishIndex?.().catch((error: unknown) => {
    context.logger.warn('finishing the index after the reply failed; the next run builds it', { error: describeError(error) });
  });
  const base = { index: workspace.index, notices: workspace.notices, commentUrl: 'url' in outcome ? outcome.url : undefined };
  switch (outcome.handled) {
    case 'reviewed':
      return {
        ...base,
        handled: 'review',
        headline: `Reviewed #${issue.number} for @${user.login}: ${outcome.review.outcome}.`,
        result: outcome.review.result,
        failure: toReviewFailure(outcome.review, issue.number),
      };
    case 'answered':
      return {
        ...base,
        handled: 'mention',
        headline: `Answered @${user.login}'s request on #${issue.number}: ${outcome.command} (${outcome.result.kind}).`,
        result: outcome.result,
        failure: toRunFailure(outcome.result),
      };
    case 'applied':
      return {
        ...base,
        handled: 'mention',
        headline: outcome.outcome.applied
          ? `Applied a proposal for @${user.login} on #${issue.number}: pull request #${outcome.outcome.pullRequest.number}.`
          : `Did not apply the proposal @${user.login} asked for on #${issue.number}.`,
        // A refusal (a conflict, an expired proposal) is an answer; only a broken write fails the step.
        failure:
          !outcome.outcome.applied && outcome.outcome.failed
            ? `nanodex could not apply the proposal: ${outcome.outcome.reason}`
            : undefined,
      };
    default:
      return toIgnored(outcome.reason);
  }
}

function toActorType(type: string | undefined): 'User' | 'Bot' | 'Organization' {
  return type === 'Bot' || type === 'Organization' ? type : 'User';
}
