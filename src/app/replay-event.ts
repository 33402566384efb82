import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { Probot, ProbotOctokit } from 'probot';
import { NanodexError } from '../core/errors.js';
import type { ModelConfig } from '../core/llm/model-config.js';
import { createChatModel } from '../core/llm/create-chat-model.js';
import type { Logger } from '../core/ports.js';
import { parseWebhookPayload, renderPayloadProblems } from '../github/parse-webhook-payload.js';
import { createAppDeps, toSelfLogin } from './app-deps.js';
import { createNanodexApp } from './create-app.js';
import { LocalRepoIndexes } from './local-repo-indexes.js';
import { OfflineGitHub } from './offline-github.js';

export interface ReplayOptions {
  /** The webhook event name (X-GitHub-Event), e.g. issue_comment. */
  event: string;
  payload: Record<string, unknown>;
  /** The local repository that stands for the payload's repository. */
  repo: string;
  appSlug: string;
  dataDir?: string;
  /** The commenter's permission the collaborator API reports (default admin). */
  permission?: string;
  base?: string;
  head?: string;
  modelConfig?: ModelConfig;
  logger: Logger;
}

/** Stands in for a real installation when a saved payload has none (most recorded examples). */
const REPLAY_INSTALLATION_ID = 1;

/**
 * Runs the App's real handler (through Probot, the queue and the core) on a
 * saved webhook payload against a local repository, with GitHub answered
 * offline; returns what the App would have posted. The payload is checked
 * first, as the server checks a delivery: a bad one is a NanodexError
 * naming each problem, an event the App ignores posts nothing.
 */
export async function replayEvent(options: ReplayOptions): Promise<{ transcript: string; writes: OfflineGitHub['writes'] }> {
  const checked = parseWebhookPayload(options.event, options.payload);
  if (checked.kind === 'invalid') {
    throw new NanodexError('payload-invalid', `the ${options.event} payload does not have the fields the App reads: ${renderPayloadProblems(checked.problems)}`, {
      hint: 'replay the payload as GitHub sent it (the App\'s Advanced settings page lists recent deliveries), with --event set to its X-GitHub-Event header',
    });
  }
  if (checked.kind === 'ignored') return { transcript: `${checked.reason}; it would post nothing.\n`, writes: [] };
  const github = new OfflineGitHub(path.resolve(options.repo), {
    selfLogin: toSelfLogin(options.appSlug), permission: options.permission, base: options.base, head: options.head,
  });
  // Probot signs a JWT even offline; a throwaway key is enough since the token request is answered locally.
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const Octokit = ProbotOctokit.defaults((o: Record<string, unknown> & { throttle?: object }) => ({
    ...o, request: { fetch: github.fetch }, retry: { enabled: false }, throttle: { ...o?.throttle, enabled: false },
  }));
  const deps = createAppDeps({
    appSlug: options.appSlug, logger: options.logger,
    indexes: new LocalRepoIndexes(options.repo, { dataDir: options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'nanodex-replay-')) }),
    modelConfig: options.modelConfig, model: options.modelConfig ? createChatModel(options.modelConfig) : undefined,
  });
  const probot = new Probot({ appId: 1, privateKey, secret: 'replay', Octokit, logLevel: 'fatal' });
  await probot.load(createNanodexApp(deps));
  const payload = { ...options.payload };
  payload.installation ??= { id: REPLAY_INSTALLATION_ID };
  await probot.receive({ id: `replay-${Date.now()}`, name: options.event, payload } as Parameters<Probot['receive']>[0]);
  await deps.queue.onIdle();
  return { transcript: github.renderTranscript(), writes: github.writes };
}
