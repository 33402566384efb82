import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeGitHub } from './fake-github.js';

export interface ServedGitHub {
  url: string;
  close(): Promise<void>;
}

/**
 * The fake GitHub behind a real HTTP server on 127.0.0.1, for processes that
 * cannot be intercepted with nock (the shipped App, started with `node`).
 * `silent` (or a path matching `hang`): accept the connection and never answer, as a GitHub that hangs;
 * `delay`: answer a matching path only after `ms` (a slow download, to stop a process in the middle of it), only
 * the first `times` such requests when given;
 * `onArrive`: told of each request as it arrives (FakeGitHub records it only once answered).
 */
export async function serveFakeGitHub(
  fake: FakeGitHub | 'silent',
  options: { hang?: RegExp; delay?: { path: RegExp; ms: number; times?: number }; onArrive?: (url: string) => void } = {},
): Promise<ServedGitHub> {
  let delayed = 0;
  const server: Server = createServer((request, response) => {
    options.onArrive?.(request.url ?? '/');
    // A GitHub that hangs: the connection is accepted and nothing is ever sent back.
    if (fake === 'silent' || options.hang?.test(request.url ?? '')) return;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delay = options.delay;
      const delayMs = delay && delay.path.test(request.url ?? '') && delayed++ < (delay.times ?? Infinity) ? delay.ms : 0;
      // Unref'd: a long delay never keeps the test process alive once the test is over.
      setTimeout(() => answer(Buffer.concat(chunks).toString('utf8')), delayMs).unref();
    });
    const answer = (text: string): void => {
      const [status, body, headers] = fake.answer(
        request.method ?? 'GET',
        request.url ?? '/',
        text === '' ? undefined : text,
        String(request.headers.accept ?? ''),
      );
      const payload = Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : JSON.stringify(body);
      if (!response.destroyed) response.writeHead(status, headers ?? { 'content-type': 'application/json' }).end(payload);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
