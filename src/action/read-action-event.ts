import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NanodexError } from '../core/index.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';

import type { IssueCommentPayload, PullRequestPayload, PushPayload, WorkflowDispatchPayload } from '../github/webhook-event-types.js';

export type { IssueCommentPayload, PullRequestPayload, PushPayload, WorkflowDispatchPayload };
/** A scheduled run's payload names only its cron line (there is no webhook for it). */
export interface SchedulePayload {
  schedule?: string;
}

/** The events the Action acts on; any other is reported and left alone. */
export type ActionEvent =
  | { name: 'issue_comment'; payload: IssueCommentPayload }
  | { name: 'pull_request' | 'pull_request_target'; payload: PullRequestPayload }
  | { name: 'workflow_dispatch'; payload: WorkflowDispatchPayload }
  | { name: 'schedule'; payload: SchedulePayload }
  | { name: 'push'; payload: PushPayload }
  | { name: 'unsupported'; eventName: string };

/** What the runner tells every step through its environment. */
export interface ActionEnv {
  eventName: string;
  eventPath: string | undefined;
  owner: string;
  repo: string;
  /** The checkout the Action reads (actions/checkout puts it here). */
  workspace: string;
  apiUrl: string;
  serverUrl: string;
  /** Scratch space that outlives the step but not the job: the index lives here. */
  runnerTemp: string;
  /** Per GitHub call (NANODEX_GITHUB_TIMEOUT_MS): until the answer starts, then between chunks. */
  githubTimeoutMs: number;
  /** The whole step (NANODEX_DEADLINE_MS): past it the step fails with its summary written. */
  deadlineMs: number;
}

/**
 * The step's own deadline when none is set: below the runner's default job
 * limit (360 min) and any sensible `timeout-minutes`, so nanodex fails first,
 * with a summary, rather than being killed without one.
 */
export const DEFAULT_ACTION_DEADLINE_MS = 30 * 60_000;

/** The runner's variables, with the defaults a local run (`npm run local-action`) needs. */
export function readActionEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ActionEnv {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new NanodexError('bad-environment', `GITHUB_REPOSITORY is ${JSON.stringify(repository)}, not owner/name`, {
      hint: 'run nanodex as a step of a GitHub Actions workflow (or set GITHUB_REPOSITORY in the .env file for local-action)',
    });
  }
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    eventPath: env.GITHUB_EVENT_PATH || undefined,
    owner,
    repo,
    workspace: path.resolve(cwd, env.GITHUB_WORKSPACE || '.'),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    runnerTemp: env.RUNNER_TEMP || os.tmpdir(),
    githubTimeoutMs: readMilliseconds(env, 'NANODEX_GITHUB_TIMEOUT_MS', DEFAULT_GITHUB_TIMEOUT_MS),
    deadlineMs: readMilliseconds(env, 'NANODEX_DEADLINE_MS', DEFAULT_ACTION_DEADLINE_MS),
  };
}

function readMilliseconds(env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
  const text = env[variable]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new NanodexError('bad-environment', `${variable} is ${JSON.stringify(text)}, not a whole number of milliseconds above 0`, {
      hint: `remove it for the default (${fallback}) or set e.g. ${fallback}`,
    });
  }
  return value;
}

const KNOWN = ['issue_comment', 'pull_request', 'pull_request_target', 'workflow_dispatch', 'schedule', 'push'] as const;

/** The triggering event from GITHUB_EVENT_NAME and the JSON payload at GITHUB_EVENT_PATH. */
export function readActionEvent(env: Pick<ActionEnv, 'eventName' | 'eventPath'>): ActionEvent {
  const name = (KNOWN as readonly string[]).includes(env.eventName) ? (env.eventName as (typeof KNOWN)[number]) : undefined;
  if (name === undefined) return { name: 'unsupported', eventName: env.eventName || '(none)' };
  const payload = readPayload(env.eventPath, name);
  // The runner writes the payload GitHub sent; the fields each handler reads are checked where it reads them.
  switch (name) {
    case 'issue_comment':
      return { name, payload: payload as unknown as IssueCommentPayload };
    case 'pull_request':
    case 'pull_request_target':
      return { name, payload: payload as unknown as PullRequestPayload };
    case 'workflow_dispatch':
      return { name, payload: payload as unknown as WorkflowDispatchPayload };
    case 'schedule':
      return { name, payload: payload as SchedulePayload };
    case 'push':
      return { name, payload: payload as unknown as PushPayload };
  }
}

function readPayload(file: string | undefined, name: string): Record<string, unknown> {
  // Neither a scheduled nor a dispatched run reads its payload (inputs carry the request): a local run may omit it.
  if (file === undefined) {
    if (name === 'schedule' || name === 'workflow_dispatch') return {};
    throw new NanodexError('bad-environment', `GITHUB_EVENT_PATH is not set for a ${name} event`, {
      hint: 'the runner sets it; for local-action, point GITHUB_EVENT_PATH at a payload JSON file',
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new NanodexError('bad-environment', `could not read the event payload at ${file}`, {
      hint: 'GITHUB_EVENT_PATH must name a JSON file',
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new NanodexError('bad-environment', `the event payload at ${file} is not a JSON object`);
  }
  return parsed as Record<string, unknown>;
}
