import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApplicationFunction, Probot } from 'probot';
import { describeError, type Logger } from '../core/index.js';
import type { JobQueue } from './job-queue.js';
import type { AppMetrics } from './app-metrics.js';
import { MAX_UNVERIFIED_BYTES, receiveWebhook, type CheckPayload, type WebhookReceiver } from './receive-webhook.js';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * A slow client gets this long to send its whole request: GitHub sends a
 * 25 MB payload in well under a second; a client that trickles bytes to hold
 * connections open (slowloris) is answered 408 and cut off.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** ...and this long for its headers, which GitHub sends at once. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How often Node looks for requests past those timeouts (its default, 30 s,
 * let a trickled request live up to a minute longer than documented).
 */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * A plain Node HTTP server (no probot CLI, no smee): POST <webhookPath>
 * goes through receiveWebhook (caps, signature, payload shape, then the
 * handlers, which only enqueue); GET /healthz answers the container's health
 * check, unhealthy (503) while a job past its deadline is still running.
 */
export async function startAppServer(options: {
  probot: Probot;
  appFn: ApplicationFunction;
  /** The in-process queue (its jobs and overdue jobs on /healthz); absent on a Redis receiver. */
  queue?: JobQueue;
  /** With REDIS_URL: where deliveries go instead of this process's handlers (RedisDeliveries.accept). */
  deliver?: WebhookReceiver['deliver'];
  /** GET /metrics. */
  metrics?: AppMetrics;
  logger: Logger;
  checkPayload: CheckPayload;
  /** WEBHOOK_SECRET. */
  webhookSecret: string;
  port: number;
  host: string;
  webhookPath?: string;
  /** NANODEX_MAX_PAYLOAD_BYTES (default 25 MB); payload-limits.ts has each event's own cap under it. */
  maxPayloadBytes?: number;
  maxUnverifiedBytes?: number;
}): Promise<RunningServer> {
  const { probot, queue, metrics } = options;
  // A Redis receiver runs no handlers: the workers do.
  if (!options.deliver) await probot.load(options.appFn);
  const webhookPath = options.webhookPath ?? '/api/github/webhooks';
  const receiver: WebhookReceiver = {
    probot,
    deliver: options.deliver,
    metrics,
    logger: options.logger,
    checkPayload: options.checkPayload,
    webhookSecret: options.webhookSecret,
    maxPayloadBytes: options.maxPayloadBytes,
    inFlight: { bytes: 0, max: options.maxUnverifiedBytes ?? MAX_UNVERIFIED_BYTES },
  };
  // The timeouts are options of createServer: Node arms its checks from them when the server is made.
  const timeouts = {
    requestTimeout: REQUEST_TIMEOUT_MS,
    headersTimeout: HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  };
  const server = createServer(timeouts, (req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (url === '/healthz' || url === '/')) {
      const overdue = queue?.overdue ?? [];
      res
        .writeHead(overdue.length === 0 ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: overdue.length === 0, ...(queue ? { jobs: queue.size } : { role: 'receiver' }), overdue }));
      return;
    }
    if (req.method === 'GET' && url === '/metrics' && metrics) {
      metrics.render().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        (error: unknown) => {
          options.logger.error('metrics failed', { error: describeError(error) });
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be read; see the server log\n');
        },
      );
      return;
    }
    if (req.method === 'POST' && url === webhookPath) {
      // receiveWebhook answers (and counts) its own failures; this only keeps a bug there from going unanswered.
      receiveWebhook(receiver, req, res).catch((error: unknown) => {
        options.logger.error('webhook request failed', { error: describeError(error) });
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res
      .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      .end(`not found: POST ${webhookPath} takes GitHub's webhooks, GET /healthz the health check, GET /metrics the metrics\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections would hold close() open until they time out.
        server.closeIdleConnections();
      }),
  };
}
