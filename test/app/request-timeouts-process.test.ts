import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process.js';

const HEAD =
  'POST /api/github/webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\nx-github-event: push\r\n' +
  'x-github-delivery: slow\r\nx-hub-signature-256: sha256=00\r\ncontent-length: 1000\r\n';

/**
 * Trickles a request, a byte a second: its headers (never finished), or its
 * body after whole headers. Resolves when the server closes the connection,
 * with what it answered and after how long.
 */
function trickle(url: string, part: 'headers' | 'body'): Promise<{ answer: string; seconds: number }> {
  return new Promise((resolve) => {
    const { port } = new URL(url);
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let sent = 0;
    if (part === 'body') socket.write(`${HEAD}\r\n`);
    const drip = setInterval(() => {
      if (!socket.writable) return;
      socket.write(part === 'headers' ? (HEAD[sent] ?? 'x') : 'a');
      sent += 1;
    }, 1_000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer: received.split('\r\n')[0] ?? '', seconds: (Date.now() - started) / 1000 });
    });
  });
}

describe('npm start: slow requests (slowloris)', () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await startAppProcess({ NANODEX_APP_SLUG: 'nanodex', GITHUB_API_URL: 'http://127.0.0.1:9' });
  }, 180_000);

  afterAll(() => {
    if (app?.child.exitCode === null) app.child.kill('SIGKILL');
  });

  it('cuts headers still arriving after 10 s and a request still arriving after 30 s with 408, as documented', async () => {
    const [headers, body] = await Promise.all([trickle(app.url, 'headers'), trickle(app.url, 'body')]);
    expect(headers.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(body.answer).toBe('HTTP/1.1 408 Request Timeout');
    // Node checks for expired requests every second: the documented figure, then a margin for a loaded machine.
    expect(headers.seconds).toBeGreaterThanOrEqual(9);
    expect(headers.seconds).toBeLessThan(25);
    expect(body.seconds).toBeGreaterThanOrEqual(29);
    expect(body.seconds).toBeLessThan(45);
  }, 90_000);
});
