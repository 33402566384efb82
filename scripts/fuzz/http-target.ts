import { createHmac } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { findTooDeep } from '../../src/app/find-too-deep.js';
import { getPayloadLimit } from '../../src/app/payload-limits.js';
import { hostileJson, hostileString } from './hostile-text.js';
import type { Mutation } from './mutate-json.js';
import type { FuzzTarget, Verdict } from './run-target.js';
import { sendRawRequest } from './send-raw-request.js';
import { FUZZ_MAX_PAYLOAD_BYTES, FUZZ_WEBHOOK_SECRET, startFuzzServer, type FuzzServer } from './start-fuzz-server.js';
import { exampleMutations, toMutatedExample } from './webhook-targets.js';

const WEBHOOK_PATH = '/api/github/webhooks';
/** A request the server has not answered (nor closed) by then is a hang. */
const ANSWER_TIMEOUT_MS = 5_000;
/** What the edge may answer; Node's own parser answers 400 (and 431 for huge headers) to what is not HTTP. */
const KNOWN_STATUSES = new Set([200, 400, 401, 404, 413, 415, 431, 503]);

type Body =
  | { kind: 'example'; base: number; mutations: Mutation[] }
  | { kind: 'json'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'bytes in a string'; base: number; bytes: Uint8Array }
  | { kind: 'cut'; base: number; at: number }
  | { kind: 'deep'; depth: number; open: string }
  | { kind: 'at the cap'; event: string; over: number };

/** How the body goes on the wire: right, or lying about its length, or cut off by a client that goes away. */
type Framing = 'length' | 'chunked' | 'no length' | 'short length' | 'cut off' | 'two lengths';

interface HttpInput {
  request: 'webhook' | 'GET /healthz' | 'GET /metrics' | 'PUT webhook' | 'POST elsewhere';
  /** `body`: the event the body was made for. */
  event: string | undefined;
  delivery: string | undefined;
  signature: 'valid' | 'forged' | 'upper case' | 'missing' | string;
  contentType: string | undefined;
  body: Body;
  framing: Framing;
  /** Where the bytes are split into writes (fractions of the whole). */
  splits: number[];
  extraHeader: [string, string] | undefined;
}

const EVENTS = ['issue_comment', 'pull_request_review_comment', 'pull_request', 'push', 'installation', 'installation_repositories'];
const bytes = fc.uint8Array({ maxLength: 64 });

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('example' as const), base: fc.nat(), mutations: exampleMutations(0) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileJson }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bytes in a string' as const), base: fc.nat(), bytes }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cut' as const), base: fc.nat(), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(1_000, 100_000, 1_000_000)),
      open: fc.constantFrom('[', '{"a":', '["\\"[",'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('at the cap' as const),
      event: fc.constantFrom('issue_comment', 'pull_request', 'push'),
      over: fc.integer({ min: -1, max: 1 }),
    }),
  },
);

const arbitrary: fc.Arbitrary<HttpInput> = fc.record({
  request: fc.oneof(
    { weight: 20, arbitrary: fc.constant('webhook' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET /healthz' as const, 'GET /metrics' as const, 'PUT webhook' as const, 'POST elsewhere' as const),
    },
  ),
  event: fc.oneof(
    { weight: 8, arbitrary: fc.constant('body') },
    { weight: 2, arbitrary: fc.constantFrom(...EVENTS, 'ping', 'check_run', '__proto__', 'constructor', '', ' ') },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  delivery: fc.oneof(
    { weight: 8, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  signature: fc.oneof(
    { weight: 8, arbitrary: fc.constant('valid') },
    { weight: 4, arbitrary: fc.constantFrom('forged', 'upper case', 'missing', 'sha256=', 'sha1=00') },
    { weight: 1, arbitrary: hostileString },
  ),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/jsonp',
        'application/x-www-form-urlencoded',
        '',
        undefined,
      ),
    },
    { weight: 1, arbitrary: hostileString },
  ),
  body,
  framing: fc.oneof(
    { weight: 8, arbitrary: fc.constant('length' as const) },
    { weight: 4, arbitrary: fc.constant('chunked' as const) },
    { weight: 1, arbitrary: fc.constantFrom('no length' as const, 'short length' as const, 'cut off' as const, 'two lengths' as const) },
  ),
  splits: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
  extraHeader: fc.option(fc.tuple(hostileString, hostileString), { freq: 10 }),
});

let server: Promise<FuzzServer> | undefined;

/**
 * Hostile HTTP against the App's real server on loopback: raw requests on
 * fresh connections (any header, any framing, bodies from GitHub's examples
 * to ten thousand `[`), each answered by startAppServer and receiveWebhook
 * with the real handlers behind them. A 500, an error logged, an unanswered
 * request, a 2xx without a valid signature, or an answer other than the edge
 * documents for a well-formed request (docs/app.md, The webhook edge) fails.
 */
export const httpTarget: FuzzTarget<HttpInput> = {
  name: 'http: requests on loopback',
  runs: 100_000,
  // A request carries up to 7 MB over loopback and through the whole edge: more than a parser's second.
  slowMs: 2_000,
  arbitrary,
  async prepare() {
    await (server ??= startFuzzServer());
  },
  async check(input) {
    const { port, takeErrors } = await (server ??= startFuzzServer());
    const { name, bytes: payload } = toBody(input.body);
    const event = input.event === 'body' ? name : input.event;
    const wire = toWire(input, event, payload);
    const answer = await sendRawRequest(port, wire.chunks, { end: input.framing === 'cut off', timeoutMs: ANSWER_TIMEOUT_MS });
    const errors = takeErrors();
    if (errors.length > 0) throw new Error(`the server logged an error: ${errors[0]}`);
    if (answer.status === 500) throw new Error(`500: ${answer.body.slice(0, 300)}`);
    if (answer.timedOut) return { violation: `no answer within ${ANSWER_TIMEOUT_MS} ms` };
    if (answer.status === undefined) {
      return input.framing === 'cut off' ? undefined : { violation: 'the connection closed without an answer' };
    }
    if (!KNOWN_STATUSES.has(answer.status)) return { violation: `answered ${answer.status}` };
    const signed = isSigned(input.signature, payload, wire.received);
    if (answer.status === 200 && input.request === 'webhook' && !signed) return { violation: '200 without a valid signature' };
    const expected = input.request === 'webhook' && isPlain(input) ? toExpected(event, input, wire.received, signed) : undefined;
    if (expected !== undefined && !expected.includes(answer.status)) {
      return { violation: `expected ${expected.join(' or ')}, answered ${answer.status}: ${answer.body.trim().slice(0, 200)}` };
    }
    return answer.status === 200 && input.request === 'webhook' ? ({ accepted: true } satisfies Verdict) : undefined;
  },
};

/** The answer docs/app.md gives a request whose headers are plain ASCII and whose body is framed right (or not at all). */
function toExpected(event: string | undefined, input: HttpInput, body: Buffer, signed: boolean): number[] {
  const trimmed = (value: string | undefined) => (value ?? '').trim();
  if (!trimmed(event) || !trimmed(input.delivery) || input.signature === 'missing' || !trimmed(toSignature(input.signature, body)))
    return [400];
  if (!/^application\/json\b/i.test(trimmed(input.contentType))) return [415];
  const limit = getPayloadLimit(trimmed(event), FUZZ_MAX_PAYLOAD_BYTES);
  if (body.length > limit.bytes) return [413];
  if (body.length === 0) return [400];
  if (!signed) return [401];
  if (!isUtf8(body) || findTooDeep(body, limit.depth) !== undefined) return [400];
  return [200, 400];
}

/** Headers of printable ASCII, no extra header, framing that says where the body ends. */
function isPlain(input: HttpInput): boolean {
  const plain = (value: string | undefined) => value === undefined || /^[\x20-\x7e]*$/.test(value);
  return (
    input.extraHeader === undefined &&
    (input.framing === 'length' || input.framing === 'chunked' || input.framing === 'no length' || input.framing === 'short length') &&
    [input.event, input.delivery, input.signature, input.contentType].every(plain)
  );
}

function isSigned(signature: HttpInput['signature'], payload: Buffer, received: Buffer): boolean {
  return signature === 'valid' && payload.equals(received);
}

function toSignature(signature: HttpInput['signature'], payload: Buffer): string | undefined {
  const valid = `sha256=${createHmac('sha256', FUZZ_WEBHOOK_SECRET).update(payload).digest('hex')}`;
  if (signature === 'valid') return valid;
  if (signature === 'upper case') return valid.toUpperCase();
  if (signature === 'forged') return `sha256=${'0'.repeat(64)}`;
  if (signature === 'missing') return undefined;
  return signature;
}

/** The bytes on the wire, and the body as the server will read it (what the framing delimits). */
function toWire(input: HttpInput, event: string | undefined, payload: Buffer): { chunks: Buffer[]; received: Buffer } {
  const [method, path] = {
    webhook: ['POST', WEBHOOK_PATH],
    'GET /healthz': ['GET', '/healthz'],
    'GET /metrics': ['GET', '/metrics'],
    'PUT webhook': ['PUT', WEBHOOK_PATH],
    'POST elsewhere': ['POST', '/api/github/webhook'],
  }[input.request];
  const headers: [string, string | undefined][] = [
    ['Host', '127.0.0.1'],
    ['X-GitHub-Event', event],
    ['X-GitHub-Delivery', input.delivery],
    ['X-Hub-Signature-256', toSignature(input.signature, payload)],
    ['Content-Type', input.contentType],
    ...(input.extraHeader ? [input.extraHeader] : []),
  ];
  let wireBody = payload;
  let received = payload;
  if (input.framing === 'length' || input.framing === 'cut off')
    headers.push(['Content-Length', String(payload.length + (input.framing === 'cut off' ? 10 : 0))]);
  if (input.framing === 'two lengths')
    headers.push(['Content-Length', String(payload.length)], ['Content-Length', String(payload.length + 1)]);
  if (input.framing === 'no length') received = Buffer.alloc(0);
  if (input.framing === 'short length') {
    received = payload.subarray(0, Math.floor(payload.length / 2));
    headers.push(['Content-Length', String(received.length)]);
  }
  if (input.framing === 'chunked') {
    headers.push(['Transfer-Encoding', 'chunked']);
    const half = Math.floor(payload.length / 2);
    const chunk = (part: Buffer) => (part.length === 0 ? [] : [Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]);
    wireBody = Buffer.concat([...chunk(payload.subarray(0, half)), ...chunk(payload.subarray(half)), Buffer.from('0\r\n\r\n')]);
  }
  const head = `${method} ${path} HTTP/1.1\r\n${headers
    .filter((h): h is [string, string] => h[1] !== undefined)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const all = Buffer.concat([Buffer.from(head, 'utf8'), wireBody]);
  const cuts = [...new Set(input.splits.map((f) => Math.floor(f * all.length)))].sort((a, b) => a - b);
  const chunks = [0, ...cuts].map((start, i) => all.subarray(start, [...cuts, all.length][i])).filter((c) => c.length > 0);
  return { chunks, received };
}

const largeBodies = new Map<string, Buffer>();

/** Large bodies are built once (a handful of variants) and sent many times. */
function cached(key: string, build: () => Buffer): Buffer {
  let bytes = largeBodies.get(key);
  if (bytes === undefined) largeBodies.set(key, (bytes = build()));
  return bytes;
}

/** The body's bytes and the event it was made for. */
function toBody(b: Body): { name: string; bytes: Buffer } {
  switch (b.kind) {
    case 'example': {
      const { name, payload } = toMutatedExample(b.base, b.mutations);
      return { name, bytes: Buffer.from(JSON.stringify(payload)) };
    }
    case 'json':
      return { name: 'issue_comment', bytes: Buffer.from(JSON.stringify(b.value) ?? '') };
    case 'empty':
      return { name: 'issue_comment', bytes: Buffer.alloc(0) };
    case 'bytes':
      return { name: 'push', bytes: Buffer.from(b.bytes) };
    case 'bytes in a string': {
      const { name, payload } = toMutatedExample(b.base, []);
      const text = JSON.stringify(payload);
      const inner = Buffer.from(b.bytes.filter((x) => x !== 0x22 && x !== 0x5c && x >= 0x20));
      return { name, bytes: Buffer.concat([Buffer.from(`${text.slice(0, -1)},"fuzz":"`), inner, Buffer.from('"}')]) };
    }
    case 'cut': {
      const { name, payload } = toMutatedExample(b.base, []);
      const all = Buffer.from(JSON.stringify(payload));
      return { name, bytes: all.subarray(0, Math.floor(b.at * all.length)) };
    }
    case 'deep':
      return { name: 'push', bytes: cached(`deep ${b.open} ${b.depth}`, () => Buffer.from(b.open.repeat(b.depth))) };
    case 'at the cap': {
      const bytes = cached(`cap ${b.event} ${b.over}`, () => {
        const cap = getPayloadLimit(b.event, FUZZ_MAX_PAYLOAD_BYTES).bytes;
        const base = `{"action":"created","padding":"`;
        return Buffer.from(`${base}${'x'.repeat(cap + b.over - base.length - 2)}"}`);
      });
      return { name: b.event, bytes };
    }
  }
}
