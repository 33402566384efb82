import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { SECRET } from './app-process.js';

const WEBHOOK_PATH = '/api/github/webhooks';
const CHUNK = Buffer.alloc(64 * 1024, 'a');

/** Headers of a delivery of `event` with a made-up signature. */
export function forgedHeaders(event: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': `d-${Math.random()}`,
    'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
  };
}

/** POSTs `body` as it is (bytes, not text), signed with the App's secret. */
export async function postSigned(url: string, event: string, body: Buffer | string): Promise<{ status: number; text: string }> {
  const bytes = Buffer.from(body);
  const signature = `sha256=${createHmac('sha256', SECRET).update(bytes).digest('hex')}`;
  const response = await fetch(`${url}${WEBHOOK_PATH}`, {
    method: 'POST',
    body: bytes,
    headers: { ...forgedHeaders(event), 'x-hub-signature-256': signature },
  });
  return { status: response.status, text: await response.text() };
}

/**
 * Streams `mb` MB without a Content-Length (chunked) through fetch, as an
 * uploading client does, and returns the status it saw, or the error code it
 * got instead (ECONNRESET when the server dropped the connection under it).
 */
export async function streamWithFetch(url: string, headers: Record<string, string>, mb: number): Promise<string> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= mb * 16) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  try {
    const response = await fetch(`${url}${WEBHOOK_PATH}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
    await response.text();
    return String(response.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `fetch failed: ${cause?.code ?? cause?.message ?? String(error)}`;
  }
}

/** The same through node:http (chunked): it writes its whole body, answer or not, as a careless client does. */
export function streamWithHttp(url: string, headers: Record<string, string>, mb: number): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(new URL(WEBHOOK_PATH, url), { method: 'POST', headers });
    let settled = false;
    const settle = (outcome: string): void => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    req.on('response', (res) => {
      res.resume();
      settle(String(res.statusCode));
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(`request failed: ${error.code ?? error.message}`));
    let sent = 0;
    const pump = (): void => {
      while (sent < mb * 16) {
        sent += 1;
        if (!req.write(CHUNK)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}
