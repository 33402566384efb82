import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchWithTimeout } from '../../../src/core/net/fetch-with-timeout.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real server on loopback that does what `handle` says (fetch itself is not faked). */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handle);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('fetchWithTimeout', () => {
  it('fails with a TimeoutError naming the service when the answer never starts', async () => {
    const url = await serve(() => undefined);
    const error = await fetchWithTimeout(100, 'GitHub')(url).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'GitHub did not answer within 100 ms' });
  });

  it('fails the body when it stalls after the headers', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first chunk');
    });
    // Room for the headers to arrive on a loaded machine (100 ms was missed there: the fetch itself timed out).
    const response = await fetchWithTimeout(2_000, 'GitHub')(url);
    await expect(response.text()).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('lets a slow body through while it keeps moving, longer in total than the limit', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // A write every 100 ms against a 500 ms idle limit: room for a loaded machine's late timers.
      let sent = 0;
      const timer = setInterval(() => {
        res.write(`${sent}.`);
        sent += 1;
        if (sent === 8) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
    });
    const started = Date.now();
    const response = await fetchWithTimeout(500)(url);
    expect(await response.text()).toBe('0.1.2.3.4.5.6.7.');
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${url}/`);
  });

  it("keeps the caller's own abort signal working", async () => {
    const url = await serve(() => undefined);
    const controller = new AbortController();
    const pending = fetchWithTimeout(10_000)(url, { signal: controller.signal });
    controller.abort(new Error('stopped by the caller'));
    await expect(pending).rejects.toThrow('stopped by the caller');
  });
});
