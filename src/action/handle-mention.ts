import { describeError } from '../core/errors.js';
import { toFailure } from '../core/failure/to-failure.js';
import type { RunResult } from '../core/request.js';
import { routeRequest } from '../core/skills/route-request.js';
import { addReaction } from '../github/add-reaction.js';
import { decideAccess } from '../github/decide-access.js';
import { parseMention } from '../github/parse-mention.js';
import { PermissionCache } from '../github/read-permission.js';
import { renderReply, renderWorking } from '../core/render/render-reply.js';
import { redactSecrets } from '../core/secrets/redact-secrets.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { toIgnored, toRunFailure, type ActionContext, type ActionOutcome } from './action-context.js';
import { openActionRunner } from './open-action-runner.js';
import type { IssueCommentPayload } from './read-action-event.js';
import { reviewFromMention } from './review-from-mention.js';

/**
 * `issue_comment`: a comment that mentions nanodex is a request, under the
 * App's rules (parseMention, decideAccess with the commenter's permission).
 * The reply is one sticky comment per request: "working" first, the answer
 * when the run ends, so the person sees progress and never a silent failure.
 * `review` on a pull request runs the pull request's review instead (the
 * reply points to it).
 */
export async function handleMention(payload: IssueCommentPayload, context: ActionContext): Promise<ActionOutcome> {
  const { client, env, inputs, logger } = context;
  if (payload.action !== 'created') return toIgnored(`The comment was ${payload.action}; only new comments are requests.`);
  const { comment, issue, repository } = payload;
  const mention = parseMention(comment.body, inputs.mention);
  if (mention === undefined) return toIgnored(`The comment does not mention @${inputs.mention}.`);

  const user = comment.user;
  if (user === null) return toIgnored('The comment has no author (a deleted account).');
  const coords = { owner: env.owner, repo: env.repo };
  // Only an explicit command word can open a read-only command to more people; free text needs write access.
  const routed = routeRequest(mention.text, []);
  const command = routed.how === 'command' ? routed.command : 'auto';
  const login = user.login;
  const permission = await new PermissionCache().get(client, coords, login);
  const access = decideAccess({
    command,
    actor: { login, type: toActorType(user.type) },
    selfLogin: context.selfLogin,
    permission,
    isPublicRepo: !repository.private,
    config: context.config,
  });
  const target = { ...coords, issueNumber: issue.number };
  const stickyKey = `mention-${comment.id}`;
  const self = { selfLogin: context.selfLogin };
  if (!access.allowed) {
    // One refusal per person per thread (keyed by login, not by mention), or none with access.explainRefusals off.
    const tell = access.reply && context.config.access.explainRefusals;
    const posted = tell ? await upsertStickyComment(client, target, `refused-${login.toLowerCase()}`, access.reason, self) : undefined;
    return { ...toIgnored(`@${login} may not run \`${command}\`: ${access.reason}`), commentUrl: posted?.url };
  }

  await react(context, comment.id, 'eyes');
  const working = await upsertStickyComment(client, target, stickyKey, renderWorking(command), self);
  const reply = (body: string) => upsertStickyComment(client, target, stickyKey, body, { ...self, commentId: working.id });
  if (command === 'review' && issue.pull_request) {
    const review = await reviewFromMention(context, { pullNumber: issue.number, postReply: reply });
    const posted = await reply(review.reply);
    await react(context, comment.id, review.reviewed.outcome === 'failed' ? 'confused' : 'rocket');
    return {
      handled: 'review',
      headline: `Reviewed #${issue.number} for @${login}: ${review.reviewed.outcome}.`,
      result: review.result, commentUrl: posted.url, index: review.index, notices: review.notices, failure: review.failure,
    };
  }
  try {
    return await answerMention(context, { mention, issue, login, userType: user.type, command, commentId: comment.id, reply });
  } catch (error) {
    // The person sees what happened in the comment that said "working", never a comment stuck there.
    const failure = toFailure(error, { logger, log: 'mention failed', fields: { comment: comment.id } });
    await reply(await renderReply(failure)).catch((replyError: unknown) => {
      logger.error('could not report the failure in the sticky comment', { referenceId: failure.referenceId, error: describeError(replyError) });
    });
    await react(context, comment.id, 'confused');
    throw error;
  }
}

async function answerMention(context: ActionContext, input: {
  mention: { text: string; openIssue: boolean };
  issue: IssueCommentPayload['issue'];
  login: string;
  userType: string | undefined;
  command: string;
  commentId: number;
  reply: (body: string) => Promise<{ id: number; url: string }>;
}): Promise<ActionOutcome> {
  const { client, env, logger } = context;
  const { mention, issue, login, command, reply } = input;
  const coords = { owner: env.owner, repo: env.repo };
  const runner = await openActionRunner(context);
  let result: RunResult;
  try {
    result = await runner.runRequest({
      command: 'auto',
      prompt: mention.text,
      issue: { number: issue.number, title: issue.title, body: issue.body ?? '' },
      actor: { login, kind: input.userType === 'Bot' ? 'bot' : 'user' },
    });
  } finally {
    runner.close();
  }
  const notices = [...runner.notices];
  let body = await renderReply(result, { requester: login });
  const draft = result.kind === 'done' && 'comment' in result ? result.comment.issueDraft : undefined;
  if (draft !== undefined && (mention.openIssue || context.config.plan.openIssue)) {
    const opened = await client.request('POST /repos/{owner}/{repo}/issues', {
      ...coords, title: await redactSecrets(draft.title), body: await redactSecrets(draft.body),
    });
    body += `\n\nOpened #${opened.data.number} to track this plan.`;
  }
  const posted = await reply(body);
  await react(context, input.commentId, result.kind === 'failed' ? 'confused' : 'rocket');
  logger.info('answered a mention', { issue: issue.number, comment: input.commentId, url: posted.url });
  return {
    handled: 'mention',
    headline: `Answered @${login}'s request on #${issue.number}: ${'command' in result ? result.command : command} (${result.kind}).`,
    result,
    commentUrl: posted.url,
    index: runner.index,
    notices,
    failure: toRunFailure(result),
  };
}

/** A reaction is a courtesy: addReaction logs a failure and never throws. */
async function react(context: ActionContext, commentId: number, content: 'eyes' | 'rocket' | 'confused'): Promise<void> {
  await addReaction(context.client, { owner: context.env.owner, repo: context.env.repo, commentId, kind: 'issue' }, content, { logger: context.logger });
}

function toActorType(type: string | undefined): 'User' | 'Bot' | 'Organization' {
  return type === 'Bot' || type === 'Organization' ? type : 'User';
}
