// The App's entry (`npm start`): validate the environment, build the deps once, serve webhooks.
import { Probot } from 'probot';
import { createChatModel } from '../core/llm/create-chat-model.js';
import { createAppDeps } from './app-deps.js';
import { AppOctokit } from './app-octokit.js';
import { createNanodexApp } from './create-app.js';
import { readAppEnv, renderEnvProblems } from './read-app-env.js';
import { startAppServer } from './start-server.js';
import { TarballRepoIndexes } from './tarball-repo-indexes.js';
import { toLogger } from './to-logger.js';

const read = readAppEnv(process.env);
if (!read.ok) {
  process.stderr.write(renderEnvProblems(read.problems));
  process.exit(1);
}
const env = read.env;
const probot = new Probot({ Octokit: AppOctokit, appId: env.appId, privateKey: env.privateKey, secret: env.webhookSecret, logLevel: process.env.LOG_LEVEL === 'silent' ? undefined : process.env.LOG_LEVEL });
const logger = toLogger(probot.log);
const appSlug = env.appSlug ?? (await (await probot.auth()).request('GET /app')).data?.slug;
if (!appSlug) {
  process.stderr.write('nanodex App cannot start: GET /app returned no slug. Fix: set NANODEX_APP_SLUG to the App\'s slug.\n');
  process.exit(1);
}
const deps = createAppDeps({
  appSlug, logger, indexes: new TarballRepoIndexes({ dataDir: env.dataDir }), concurrency: env.concurrency,
  installIndexLimit: env.installIndexLimit, modelConfig: env.modelConfig, model: env.modelConfig ? createChatModel(env.modelConfig) : undefined,
});
const running = await startAppServer({
  probot, appFn: createNanodexApp(deps), queue: deps.queue, port: env.port, host: env.host, webhookPath: env.webhookPath,
});
logger.info('nanodex App listening', { url: running.url, webhookPath: env.webhookPath, appSlug, model: env.modelConfig?.provider ?? 'offline' });

const stop = async (): Promise<void> => {
  logger.info('shutting down: no new webhooks, finishing queued jobs');
  await running.close();
  await deps.queue.onIdle();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
