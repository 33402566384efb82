import { loadChatModel } from '../core/index.js';
import { checkDataDir, createProbot, findAppSlug, toListenProblem, type AppStart } from './app-startup.js';
import { createAppDeps, type AppDeps } from './app-deps.js';
import type { JobQueue } from './job-queue.js';
import { AppMetrics } from './app-metrics.js';
import { createNanodexApp } from './create-app.js';
import { checkWebhookPayload } from './check-webhook-payload.js';
import { readAppEnv, type AppSurroundings } from './read-app-env.js';
import { startAppServer, type RunningServer } from './start-server.js';
import { TarballRepoIndexes } from './tarball-repo-indexes.js';
import { runReceiver } from './scale/run-receiver.js';

export type { AppStart, RunningApp } from './app-startup.js';

/**
 * Everything `npm start` does, as a function: read and check the
 * environment, build Probot and the deps once, learn the App's slug, listen.
 * Every start-up problem comes back as a list with its fix, never a stack
 * trace; the entry (main.ts) prints it and exits 1.
 */
export async function runApp(
  processEnv: NodeJS.ProcessEnv,
  surroundings: AppSurroundings = { stdoutIsTerminal: process.stdout.isTTY === true },
): Promise<AppStart> {
  const read = readAppEnv(processEnv, surroundings);
  if (!read.ok) return read;
  const { env } = read;
  const dataProblem = checkDataDir(env.dataDir);
  if (dataProblem) return { ok: false, problems: [dataProblem] };

  const { probot, logger } = await createProbot(env);
  const slug = await findAppSlug(probot, env);
  if (!slug.ok) return { ok: false, problems: [slug.problem] };
  if (env.redis) return runReceiver({ ...env, redis: env.redis }, { probot, logger, appSlug: slug.slug });

  const deps = createAppDeps({
    appSlug: slug.slug,
    logger,
    indexes: new TarballRepoIndexes({ dataDir: env.dataDir }),
    concurrency: env.concurrency,
    installIndexLimit: env.installIndexLimit,
    modelConfig: env.modelConfig,
    model: env.modelConfig ? await loadChatModel(env.modelConfig) : undefined,
    jobDeadlineMs: env.jobDeadlineMs,
  });
  const metrics = new AppMetrics(async () => ({
    waiting: deps.queue.size.pending - deps.queue.size.running,
    running: deps.queue.size.running,
  }));
  let running: RunningServer;
  try {
    running = await startAppServer({
      probot,
      appFn: createNanodexApp(deps),
      queue: deps.queue,
      metrics,
      logger,
      checkPayload: checkWebhookPayload,
      webhookSecret: env.webhookSecret,
      maxPayloadBytes: env.maxPayloadBytes,
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
