import type { Probot } from 'probot';
import type { Logger } from '../../core/index.js';
import { AppMetrics } from '../app-metrics.js';
import { toListenProblem, type AppStart } from '../app-startup.js';
import { checkWebhookPayload } from '../check-webhook-payload.js';
import type { AppEnv } from '../read-app-env.js';
import { startAppServer, type RunningServer } from '../start-server.js';
import { openRedis, redactUrl } from './open-redis.js';
import type { RedisEnv } from './read-redis-env.js';
import { RedisDeliveries } from './redis-deliveries.js';

/** A receiver's requests are short: enqueueing takes milliseconds. */
const IN_FLIGHT_GRACE_MS = 2_000;

/**
 * `npm start` with REDIS_URL: a stateless receiver. It verifies, validates,
 * de-duplicates in Redis and enqueues, then acknowledges; it runs no job
 * (`nanodex worker` processes do) and keeps nothing in memory, so any number
 * can run behind a load balancer.
 */
export async function runReceiver(
  env: AppEnv & { redis: RedisEnv },
  ctx: { probot: Probot; logger: Logger & { flushed(): Promise<void> }; appSlug: string },
): Promise<AppStart> {
  const opened = await openRedis(env.redis.url, 'receiver');
  if (!opened.ok) return { ok: false, problems: [opened.problem] };
  const { redis } = opened;
  const deliveries = new RedisDeliveries(redis, env.redis);
  const metrics = new AppMetrics(() => deliveries.depth());
  let running: RunningServer;
  try {
    running = await startAppServer({
      probot: ctx.probot,
      appFn: () => undefined,
      deliver: (delivery) => deliveries.accept(delivery),
      metrics,
      logger: ctx.logger,
      checkPayload: checkWebhookPayload,
      webhookSecret: env.webhookSecret,
      maxPayloadBytes: env.maxPayloadBytes,
      port: env.port,
      host: env.host,
      webhookPath: env.webhookPath,
    });
  } catch (error) {
    await deliveries.close();
    redis.disconnect();
    return { ok: false, problems: [toListenProblem(error, env)] };
  }
  ctx.logger.info('nanodex receiver listening (jobs go to Redis; run `nanodex worker` to process them)', {
    url: running.url,
    webhookPath: env.webhookPath,
    appSlug: ctx.appSlug,
    redis: redactUrl(env.redis.url),
  });
  return {
    ok: true,
    app: {
      url: running.url,
      logger: ctx.logger,
      stop: async () => {
        ctx.logger.info('shutting down: no new webhooks (queued jobs stay in Redis for the workers)');
        const closed = running.close();
        // Requests in flight get a moment to be acknowledged; a connection still uploading is then cut.
        const cut = setTimeout(() => running.server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
        await closed;
        clearTimeout(cut);
        await deliveries.close();
        await redis.quit().catch(() => redis.disconnect());
        ctx.logger.info('shut down');
        await ctx.logger.flushed();
      },
    },
  };
}
