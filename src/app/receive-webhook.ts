import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import type { Probot } from 'probot';
import { describeError, newReferenceId, type Logger } from '../core/index.js';
import { toEventLabel, type AppMetrics } from './app-metrics.js';
import { closeAfterAnswer } from './close-after-answer.js';
import { HANDLED_EVENT_NAMES } from './create-app.js';
import { findTooDeep } from './find-too-deep.js';
import { isSignatureValid } from './is-signature-valid.js';
import { DEFAULT_MAX_PAYLOAD_BYTES, getPayloadLimit } from './payload-limits.js';

/**
 * Bytes of not-yet-verified bodies held at once, across all requests. A body
 * is read before its signature can be checked, so without a shared bound
 * forty connections sending 24 MB each would hold a gigabyte. GitHub sends
 * deliveries one at a time per hook and rarely near the cap; 64 MB lets a few
 * large ones through together and answers the rest 503 (GitHub lets a
 * delivery be redelivered).
 */
export const MAX_UNVERIFIED_BYTES = 64 * 1024 * 1024;

/** Reads the payload's problems for a handled event, or undefined when it is fine (or not one nanodex handles). */
export type CheckPayload = (event: string, payload: unknown) => string | undefined;

export interface WebhookReceiver {
  probot: Probot;
  logger: Logger;
  checkPayload: CheckPayload;
  /** WEBHOOK_SECRET: the signature is checked on the body's bytes as received. */
  webhookSecret: string;
  /** NANODEX_MAX_PAYLOAD_BYTES: no event's payload is read past it (payload-limits.ts has each event's own, lower, caps). */
  maxPayloadBytes?: number;
  /** Shared by every request of one server: bytes read and not yet verified (see MAX_UNVERIFIED_BYTES). */
  inFlight: { bytes: number; max: number };
  /**
   * Where a verified, well-formed delivery goes: absent, Probot's handlers in this process (which only
   * enqueue); with REDIS_URL, the Redis queue (de-duplicated there, run by workers).
   */
  deliver?: (delivery: { deliveryId: string; event: string; payload: Record<string, unknown> }) => Promise<string>;
  /** Counts each answered delivery and times its acknowledgement. */
  metrics?: AppMetrics;
}

/**
 * POST <webhook path>, checked in the order that costs an attacker the most
 * and the server the least: headers first (a request without a signature is
 * refused before a byte of its body is read), the declared length, the body
 * read against the cap, the signature, then the payload's shape. Only a
 * verified, well-formed delivery reaches the handlers, which only enqueue.
 * Every refusal names what was wrong; none is ever 2xx; an internal error is
 * a 500 with a reference id, never its message.
 */
export async function receiveWebhook(receiver: WebhookReceiver, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = process.hrtime.bigint();
  const outcome = await receiveAndAnswer(receiver, req, res).catch((error: unknown) => {
    const referenceId = newReferenceId();
    receiver.logger.error('webhook request failed', {
      deliveryId: header(req, 'x-github-delivery'),
      referenceId,
      error: describeError(error),
    });
    closeAfterAnswer(req, res);
    reply(res, 500, `nanodex could not read this delivery (reference ${referenceId}); the server log has the details`);
    return 'failed';
  });
  if (receiver.metrics && outcome !== undefined) {
    receiver.metrics.deliveries.inc({ event: toEventLabel(header(req, 'x-github-event')), outcome });
    receiver.metrics.ackSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
  }
}

/** The checks and the hand-over; returns the outcome to count (undefined: the client went away). */
async function receiveAndAnswer(receiver: WebhookReceiver, req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  const event = header(req, 'x-github-event');
  const delivery = header(req, 'x-github-delivery');
  const signature = header(req, 'x-hub-signature-256');
  if (!event || !delivery || !signature) {
    const missing = [!event && 'X-GitHub-Event', !delivery && 'X-GitHub-Delivery', !signature && 'X-Hub-Signature-256'].filter(Boolean);
    return refused(
      req,
      res,
      400,
      `missing header ${missing.join(', ')}: only GitHub's signed webhook deliveries are accepted here (is the webhook secret set on the App?)`,
    );
  }
  const contentType = header(req, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    return refused(
      req,
      res,
      415,
      `content type ${JSON.stringify(contentType)} is not accepted: set the App's webhook content type to application/json`,
    );
  }
  const limit = getPayloadLimit(event, receiver.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES);
  const overLimit = `over nanodex's limit of ${limit.bytes} bytes for ${quoteEvent(event)} events`;
  const declared = Number(header(req, 'content-length') ?? NaN);
  if (declared > limit.bytes) return refused(req, res, 413, `a payload of ${declared} bytes is ${overLimit}`);

  const body = await readBody(req, limit.bytes, receiver.inFlight);
  if (body === 'too-large') return refused(req, res, 413, `the payload is ${overLimit}`);
  if (body === 'busy') {
    res.setHeader('retry-after', '10');
    return refused(req, res, 503, "too many large deliveries at once; redeliver this one from the App's settings (Advanced) in a moment");
  }
  if (body === 'aborted') return undefined;
  if (body.length === 0) return refused(req, res, 400, "the body is empty: GitHub sends the event's JSON payload");
  if (!isSignatureValid(receiver.webhookSecret, body, signature)) {
    return refused(req, res, 401, 'the signature does not match the payload: check that WEBHOOK_SECRET is the secret set on the App');
  }
  if (!isUtf8(body)) return refused(req, res, 400, 'the payload is not valid UTF-8 (GitHub sends UTF-8 JSON)');
  const tooDeep = findTooDeep(body, limit.depth);
  if (tooDeep !== undefined) {
    return refused(
      req,
      res,
      400,
      `the payload nests arrays and objects deeper than ${limit.depth} levels (at byte ${tooDeep}), nanodex's limit for ${quoteEvent(event)} events`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return refused(req, res, 400, `the payload is not JSON (${describeError(error).slice(0, 120)})`);
  }
  const problem = receiver.checkPayload(event, payload);
  if (problem !== undefined) {
    receiver.logger.warn('webhook payload refused', { deliveryId: delivery, event, problem });
    return refused(req, res, 400, `the ${event} payload is not what GitHub sends: ${problem}`);
  }
  let outcome = 'handled';
  try {
    if (!HANDLED_EVENT_NAMES.has(event)) {
      // Nothing to run; and Probot's dispatch would look the name up as a key (`__proto__` throws there).
      outcome = 'ignored';
    } else if (receiver.deliver) {
      outcome = await receiver.deliver({ deliveryId: delivery, event, payload: payload as Record<string, unknown> });
    } else {
      await receiver.probot.webhooks.receive({ id: delivery, name: event, payload } as Parameters<Probot['webhooks']['receive']>[0]);
    }
  } catch (error) {
    const referenceId = newReferenceId();
    receiver.logger.error('webhook handler failed', { deliveryId: delivery, event, referenceId, error: describeError(error) });
    reply(res, 500, `nanodex could not handle this delivery (reference ${referenceId}); the server log has the details`);
    return 'failed';
  }
  reply(res, 200, outcome === 'duplicate' ? 'duplicate delivery: already queued' : 'ok');
  return outcome;
}

/**
 * Answers a refusal and closes the connection without reading (or keeping)
 * the rest of the body: an unsigned or oversized upload costs the server no
 * memory, and the client still gets the answer (closeAfterAnswer).
 */
function refused(req: IncomingMessage, res: ServerResponse, status: number, message: string): 'refused' {
  closeAfterAnswer(req, res);
  reply(res, status, message);
  return 'refused';
}

/** Event names come from outside: quoted, at most 60 characters. */
function quoteEvent(event: string): string {
  return JSON.stringify(event.slice(0, 60));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/**
 * The body, or why there is none; stops reading (and keeps nothing) once it
 * passes the cap, or once all requests together hold more than `inFlight.max`.
 */
function readBody(
  req: IncomingMessage,
  max: number,
  inFlight: { bytes: number; max: number },
): Promise<Buffer | 'too-large' | 'busy' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: Buffer | 'too-large' | 'busy' | 'aborted'): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      inFlight.bytes -= size;
      chunks.length = 0;
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      if (size + chunk.length > max) return settle('too-large');
      if (inFlight.bytes + chunk.length > inFlight.max) return settle('busy');
      size += chunk.length;
      inFlight.bytes += chunk.length;
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => settle(Buffer.concat(chunks)));
    req.once('error', () => settle('aborted'));
    req.once('close', () => settle('aborted'));
  });
}

function reply(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...(status >= 400 ? { connection: 'close' } : {}) })
    .end(`${message}\n`);
}
