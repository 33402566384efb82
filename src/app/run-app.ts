import { accessSync, constants, mkdirSync } from 'node:fs';
import { Probot } from 'probot';
import { openChatModel, describeError, type Logger } from '../core/index.js';
import { createAppDeps, type AppDeps } from './app-deps.js';
import type { JobQueue } from './job-queue.js';
import { createAppOctokit } from './app-octokit.js';
import { createNanodexApp } from './create-app.js';
import { checkWebhookPayload } from './check-webhook-payload.js';
import { readAppEnv, type AppEnv, type EnvProblem } from './read-app-env.js';
import { startAppServer, type RunningServer } from './start-server.js';
import { TarballRepoIndexes } from './tarball-repo-indexes.js';
import { toLogger } from './to-logger.js';

export interface RunningApp {
  url: string;
  logger: Logger;
  /** Stops taking webhooks, lets the queued jobs finish, closes the server. */
  stop(): Promise<void>;
}

export type AppStart = { ok: true; app: RunningApp } | { ok: false; problems: EnvProblem[] };

/**
 * Everything `npm start` does, as a function: read and check the
 * environment, build Probot and the deps once, learn the App's slug, listen.
 * Every start-up problem comes back as a list with its fix, never a stack
 * trace; the entry (main.ts) prints it and exits 1.
 */
export async function runApp(processEnv: NodeJS.ProcessEnv): Promise<AppStart> {
  const read = readAppEnv(processEnv);
  if (!read.ok) return read;
  const { env } = read;
  const dataProblem = checkDataDir(env.dataDir);
  if (dataProblem) return { ok: false, problems: [dataProblem] };

  const probot = new Probot({
    Octokit: createAppOctokit({ timeoutMs: env.githubTimeoutMs }),
    appId: env.appId,
    privateKey: env.privateKey,
    secret: env.webhookSecret,
    baseUrl: env.githubApiUrl,
    logLevel: env.logLevel === 'silent' ? 'fatal' : env.logLevel,
  });
  // Probot builds its logger and webhooks asynchronously: `probot.log` is null until it is ready.
  await probot.ready();
  const logger = env.logLevel === 'silent' ? silentLogger : toLogger(probot.log);
  const slug = await findAppSlug(probot, env);
  if (!slug.ok) return { ok: false, problems: [slug.problem] };

  const deps = createAppDeps({
    appSlug: slug.slug,
    logger,
    indexes: new TarballRepoIndexes({ dataDir: env.dataDir }),
    concurrency: env.concurrency,
    installIndexLimit: env.installIndexLimit,
    modelConfig: env.modelConfig,
    model: env.modelConfig ? openChatModel(env.modelConfig) : undefined,
    jobDeadlineMs: env.jobDeadlineMs,
  });
  let running: RunningServer;
  try {
    running = await startAppServer({
      probot,
      appFn: createNanodexApp(deps),
      queue: deps.queue,
      logger,
      checkPayload: checkWebhookPayload,
      port: env.port,
      host: env.host,
      webhookPath: env.webhookPath,
    });
  } catch (error) {
    return { ok: false, problems: [toListenProblem(error, env)] };
  }
  logger.info('nanodex App listening', {
    url: running.url,
    webhookPath: env.webhookPath,
    appSlug: slug.slug,
    githubApiUrl: env.githubApiUrl,
    model: env.modelConfig?.provider ?? 'offline',
  });
  return {
    ok: true,
    app: { url: running.url, logger, stop: () => stopApp(running, deps, { shutdownMs: env.shutdownMs, flushed: logger.flushed }) },
  };
}

async function stopApp(
  running: RunningServer,
  deps: AppDeps & { queue: JobQueue },
  options: { shutdownMs: number; flushed: () => Promise<void> },
): Promise<void> {
  deps.logger.info('shutting down: no new webhooks, finishing queued jobs', { jobs: deps.queue.size, withinMs: options.shutdownMs });
  const closed = running.close();
  await deps.queue.drain(options.shutdownMs);
  // A connection still uploading would hold close() open until its request timeout.
  running.server.closeAllConnections();
  await closed;
  deps.logger.info('shut down');
  // Log lines are redacted asynchronously: write them all before the process exits.
  await options.flushed();
}

/** The slug from NANODEX_APP_SLUG, else from GET /app (one call, at start). */
async function findAppSlug(probot: Probot, env: AppEnv): Promise<{ ok: true; slug: string } | { ok: false; problem: EnvProblem }> {
  if (env.appSlug) return { ok: true, slug: env.appSlug };
  const fix =
    "set NANODEX_APP_SLUG to the App's slug (the name in its URL, github.com/apps/<slug>) to skip this call, " +
    'and check that GITHUB_API_URL, APP_ID and the private key are right';
  try {
    // No retries: at start-up a quick, clear failure beats a silent minute of back-off.
    const { data } = await (await probot.auth()).request('GET /app', { request: { retries: 0 } });
    const slug = (data as { slug?: unknown } | null)?.slug;
    if (typeof slug === 'string' && slug !== '') return { ok: true, slug };
    return {
      ok: false,
      problem: { variable: 'NANODEX_APP_SLUG', problem: `is not set and GET ${env.githubApiUrl}/app returned no slug`, fix },
    };
  } catch (error) {
    return {
      ok: false,
      problem: {
        variable: 'NANODEX_APP_SLUG',
        problem: `is not set and GET ${env.githubApiUrl}/app failed (${describeError(error).slice(0, 200)})`,
        fix,
      },
    };
  }
}

function checkDataDir(dataDir: string): EnvProblem | undefined {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : describeError(error);
    return {
      variable: 'NANODEX_DATA_DIR',
      problem: `names ${dataDir}, which cannot be created or written (${code})`,
      fix: "point it at a folder the App's user can write, e.g. a mounted volume",
    };
  }
}

function toListenProblem(error: unknown, env: AppEnv): EnvProblem {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'EADDRINUSE')
    return {
      variable: 'PORT',
      problem: `is ${env.port}, which another process on ${env.host} already uses`,
      fix: 'stop that process or set PORT to a free port',
    };
  if (code === 'EACCES')
    return { variable: 'PORT', problem: `is ${env.port}, which this user may not listen on`, fix: 'use a port above 1023' };
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return {
      variable: 'HOST',
      problem: `is ${env.host}, not an address of this machine`,
      fix: 'remove it to listen on every address (0.0.0.0)',
    };
  return {
    variable: 'PORT/HOST',
    problem: `the server could not listen on ${env.host}:${env.port} (${describeError(error)})`,
    fix: 'check PORT and HOST',
  };
}

const silentLogger: Logger & { flushed(): Promise<void> } = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  flushed: async () => undefined,
};
