import { generateKeyPairSync } from 'node:crypto';
import { Probot, ProbotOctokit } from 'probot';
import type { AppDeps } from '../../src/app/app-deps.js';
import { AppMetrics } from '../../src/app/app-metrics.js';
import { checkWebhookPayload } from '../../src/app/check-webhook-payload.js';
import { createNanodexApp } from '../../src/app/create-app.js';
import { startAppServer, type RunningServer } from '../../src/app/start-server.js';
import type { Logger } from '../../src/core/index.js';

/** The fuzz server's WEBHOOK_SECRET: the target signs some inputs with it. */
export const FUZZ_WEBHOOK_SECRET = 'fuzz-webhook-secret';

/**
 * NANODEX_MAX_PAYLOAD_BYTES for the fuzz server: the per-event caps under
 * 2 MB (issue_comment 1 MB, pull_request 2 MB) stay as shipped, and an input
 * just over a cap costs milliseconds, not the quarter second of 25 MB.
 */
export const FUZZ_MAX_PAYLOAD_BYTES = 2 * 1024 * 1024;

export interface FuzzServer {
  running: RunningServer;
  port: number;
  /** Error lines the server logged since the last call (each one is a crash: a request made the server fail). */
  takeErrors(): string[];
}

/**
 * The App's HTTP server as `npm start` runs it (startAppServer, Probot, the
 * real handlers and payload check), on loopback. The handlers' jobs go to a
 * queue that only counts them: nothing is run, GitHub is never called (the
 * API URL is a closed loopback port besides).
 */
export async function startFuzzServer(): Promise<FuzzServer> {
  const errors: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (message, fields) => {
      errors.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 400)}`);
    },
  };
  const deps = { appSlug: 'nanodex', logger, installIndexLimit: 10, queue: { enqueue: () => undefined } } as unknown as AppDeps;
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const probot = new Probot({
    appId: 1,
    privateKey,
    secret: FUZZ_WEBHOOK_SECRET,
    Octokit: ProbotOctokit,
    baseUrl: 'http://127.0.0.1:9',
    logLevel: 'fatal',
  });
  const running = await startAppServer({
    probot,
    appFn: createNanodexApp(deps),
    metrics: new AppMetrics(),
    logger,
    checkPayload: checkWebhookPayload,
    webhookSecret: FUZZ_WEBHOOK_SECRET,
    maxPayloadBytes: FUZZ_MAX_PAYLOAD_BYTES,
    port: 0,
    host: '127.0.0.1',
  });
  return { running, port: Number(new URL(running.url).port), takeErrors: () => errors.splice(0) };
}
