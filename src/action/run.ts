import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as core from '@actions/core';
import { describeError, NanodexError, redactCredentials, redactSecrets, redactStrings, systemClock, type Clock } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import { readSelfLogin } from '../github/read-self-login.js';
import { toIgnored, type ActionContext, type ActionOutcome } from './action-context.js';
import { readActionInputs } from './action-inputs.js';
import { createActionLogger } from './create-action-logger.js';
import { createRestOctokit } from '../github/create-rest-octokit.js';
import { handleDispatch, handleIndexOnly } from './handle-dispatch.js';
import { handleMention } from './handle-mention.js';
import { handlePullRequest } from './handle-pull-request.js';
import { actionsIndexCache, type IndexCache } from './index-cache.js';
import { findTrustedRef } from './find-trusted-ref.js';
import { readActionConfig, readActionConfigFromRef } from './read-action-config.js';
import { readActionEnv, readActionEvent, type ActionEnv, type ActionEvent } from './read-action-event.js';
import { renderJobSummary } from './render-job-summary.js';

/** What run() builds by default and a test may replace: no network, no rate-limit waits. */
export interface ActionPorts {
  cache: IndexCache;
  clock: Clock;
  createClient: (options: { token: string; baseUrl: string; timeoutMs: number; context: Pick<ActionContext, 'logger'> }) => GitHubClient;
}

const defaultPorts: ActionPorts = {
  cache: actionsIndexCache,
  clock: systemClock,
  createClient: ({ token, baseUrl, timeoutMs, context }) =>
    createRestOctokit({ userAgent: 'nanodex-action', token, baseUrl, timeoutMs, logger: context.logger }),
};

/**
 * The Action: read the inputs and the event, act on it, then write the
 * outputs and the job summary. The one catch: any thrown value fails the
 * step with a redacted message, and the summary is still written. Every
 * text the step writes (outputs, result file, summary, notices, the log) is
 * redacted on its way out.
 */
export async function run(overrides: Partial<ActionPorts> = {}): Promise<void> {
  const ports = { ...defaultPorts, ...overrides };
  const secrets: string[] = [];
  const logger = createActionLogger(() => secrets);
  let env: ActionEnv | undefined;
  let outcome: ActionOutcome | undefined;
  let failure: string | undefined;
  try {
    const inputs = readActionInputs((name) => core.getInput(name));
    for (const secret of [inputs['github-token'], inputs['model-api-key']]) {
      if (secret === '') continue;
      secrets.push(secret);
      core.setSecret(secret);
    }
    const actionEnv = readActionEnv(process.env);
    env = actionEnv;
    const event = readActionEvent(actionEnv);
    const client = ports.createClient({
      token: inputs['github-token'],
      baseUrl: actionEnv.apiUrl,
      timeoutMs: actionEnv.githubTimeoutMs,
      context: { logger },
    });
    outcome = await withDeadline(actionEnv.deadlineMs, async () => {
      const trustedRef = findTrustedRef(event);
      const config =
        trustedRef === undefined
          ? readActionConfig(actionEnv.workspace, inputs['config-path'])
          : await readActionConfigFromRef(client, { owner: actionEnv.owner, repo: actionEnv.repo, ref: trustedRef }, inputs['config-path']);
      const selfLogin = await readSelfLogin(client, inputs['github-token'], logger);
      return dispatchEvent(event, {
        inputs,
        env: actionEnv,
        client,
        selfLogin,
        config,
        trustedRef,
        cache: ports.cache,
        logger,
        clock: ports.clock,
      });
    });
    failure = outcome.failure;
  } catch (error) {
    failure = describeError(error);
  }
  if (failure !== undefined) failure = await redactSecrets(redactCredentials(failure, secrets));
  for (const notice of outcome?.notices ?? []) core.notice(await redactSecrets(notice));
  await publish(outcome, failure, env);
  await logger.flush();
  if (failure !== undefined) core.setFailed(failure);
}

/**
 * The work, or a failure once the step's deadline passes: the step then ends
 * with its summary and outputs written (index.ts exits, leaving the stuck
 * work behind) instead of running until the runner kills it without either.
 */
async function withDeadline<T>(deadlineMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new NanodexError('deadline', `nanodex did not finish within ${Math.round(deadlineMs / 1000)} s`, {
            hint: 'a GitHub or model call may be hanging; raise NANODEX_DEADLINE_MS for a very large repository',
          }),
        ),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function dispatchEvent(event: ActionEvent, context: ActionContext): Promise<ActionOutcome> {
  switch (event.name) {
    case 'issue_comment':
      return handleMention(event.payload, context);
    case 'pull_request':
    case 'pull_request_target':
      return handlePullRequest(event, context);
    case 'workflow_dispatch':
      return handleDispatch(context);
    case 'schedule':
    case 'push':
      return handleIndexOnly(context, event.name);
    case 'unsupported':
      return toIgnored(`nanodex does not act on \`${event.eventName}\` events.`, [
        `The ${event.eventName} event is not one nanodex handles: use issue_comment, pull_request, pull_request_target, workflow_dispatch, schedule or push.`,
      ]);
  }
}

/** Outputs and the job summary, written whatever happened (a failure included). */
async function publish(outcome: ActionOutcome | undefined, failure: string | undefined, env: ActionEnv | undefined): Promise<void> {
  const resultPath = path.join(env?.runnerTemp ?? process.env.RUNNER_TEMP ?? process.cwd(), 'nanodex-result.json');
  const metrics = {
    run: outcome?.result !== undefined && 'metrics' in outcome.result ? outcome.result.metrics : null,
    index: outcome?.index === undefined ? null : { ...outcome.index.stats, cache: outcome.index.cache },
  };
  try {
    mkdirSync(path.dirname(resultPath), { recursive: true });
    const record = await redactStrings({
      handled: outcome?.handled ?? 'failed',
      headline: outcome?.headline,
      failure,
      commentUrl: outcome?.commentUrl,
      result: outcome?.result,
      metrics,
    });
    writeFileSync(resultPath, `${JSON.stringify(record, null, 2)}\n`);
    core.setOutput('result-path', resultPath);
  } catch (error) {
    core.warning(await redactSecrets(`could not write the result file ${resultPath}: ${describeError(error)}`));
  }
  core.setOutput('comment-url', outcome?.commentUrl ?? '');
  core.setOutput('metrics', JSON.stringify(await redactStrings(metrics)));
  if (!process.env.GITHUB_STEP_SUMMARY) return; // not on a runner (a local run): the log has it all
  try {
    await core.summary.addRaw(await redactSecrets(await renderJobSummary(outcome, failure)), true).write();
  } catch (error) {
    core.warning(await redactSecrets(`could not write the job summary: ${describeError(error)}`));
  }
}
