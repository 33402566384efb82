import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeMiddleware, type ApplicationFunction, type Probot } from 'probot';
import type { JobQueue } from './job-queue.js';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Probot's middleware on a plain Node HTTP server (no probot CLI, no smee):
 * POST <webhookPath> verifies the signature and runs the handlers (which only
 * enqueue), GET /healthz answers the container's health check.
 */
export async function startAppServer(options: {
  probot: Probot;
  appFn: ApplicationFunction;
  queue: JobQueue;
  port: number;
  host: string;
  webhookPath?: string;
}): Promise<RunningServer> {
  const middleware = await createNodeMiddleware(options.appFn, { probot: options.probot, webhooksPath: options.webhookPath });
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/healthz' || req.url === '/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, jobs: options.queue.size }));
      return;
    }
    void middleware(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
