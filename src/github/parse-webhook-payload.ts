import type { z } from 'zod';
import {
  installationCreatedSchema,
  installationRepositoriesAddedSchema,
  issueCommentCreatedSchema,
  pullRequestReviewCommentCreatedSchema,
  pullRequestSchema,
  pushSchema,
} from './webhook-payload-schemas.js';

/** One schema per event the App handles; the keys are HANDLED_EVENTS of src/app/create-app.ts (a test keeps them in step). */
const SCHEMAS = {
  'issue_comment.created': issueCommentCreatedSchema,
  'pull_request_review_comment.created': pullRequestReviewCommentCreatedSchema,
  'pull_request.opened': pullRequestSchema,
  'pull_request.reopened': pullRequestSchema,
  'pull_request.synchronize': pullRequestSchema,
  'pull_request.ready_for_review': pullRequestSchema,
  push: pushSchema,
  'installation.created': installationCreatedSchema,
  'installation_repositories.added': installationRepositoriesAddedSchema,
} as const;

export type WebhookEvent = keyof typeof SCHEMAS;
export const WEBHOOK_EVENTS = Object.keys(SCHEMAS) as WebhookEvent[];
export type WebhookPayload<E extends WebhookEvent> = z.output<(typeof SCHEMAS)[E]>;

/** Events whose deliveries name their action in the payload (`push` has none). */
const ACTION_EVENTS = new Set(WEBHOOK_EVENTS.filter((e) => e.includes('.')).map((e) => e.split('.')[0]));

export interface PayloadProblem {
  path: string;
  message: string;
}

export type ParsedWebhook =
  | { [E in WebhookEvent]: { kind: 'handled'; event: E; payload: WebhookPayload<E> } }[WebhookEvent]
  | { kind: 'ignored'; reason: string }
  | { kind: 'invalid'; problems: PayloadProblem[] };

/** Event names and actions come from outside: quoted at most this long in a reason. */
const MAX_NAME_CHARS = 60;

/**
 * A delivery, checked at the edge before any handler reads it: `handled`
 * (with the payload typed for its event), `ignored` (an event or action
 * nanodex does not act on: GitHub sends whatever the App subscribed to, so
 * that is not an error), or `invalid` (a handled event missing a field its
 * handler reads, or with the wrong type), every problem listed at once.
 */
export function parseWebhookPayload(eventName: string | undefined, payload: unknown): ParsedWebhook {
  if (eventName === undefined || eventName === '') {
    return { kind: 'invalid', problems: [{ path: 'X-GitHub-Event', message: 'missing: the delivery does not name its event' }] };
  }
  if (!ACTION_EVENTS.has(eventName) && eventName !== 'push') {
    return { kind: 'ignored', reason: `nanodex does not act on ${quote(eventName)} events` };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'invalid', problems: [{ path: 'payload', message: `expected an object, got ${describeType(payload)}` }] };
  }
  let event = eventName;
  if (ACTION_EVENTS.has(eventName)) {
    const action: unknown = (payload as { action?: unknown }).action;
    if (typeof action !== 'string') {
      return { kind: 'invalid', problems: [{ path: 'payload.action', message: `expected a string, got ${describeType(action)}` }] };
    }
    event = `${eventName}.${action}`;
  }
  if (!isWebhookEvent(event)) return { kind: 'ignored', reason: `nanodex does not act on ${quote(event)}` };
  const parsed = SCHEMAS[event].safeParse(payload, { reportInput: true });
  if (!parsed.success) return { kind: 'invalid', problems: parsed.error.issues.map(toPayloadProblem) };
  return { kind: 'handled', event, payload: parsed.data } as ParsedWebhook;
}

function isWebhookEvent(event: string): event is WebhookEvent {
  return Object.hasOwn(SCHEMAS, event);
}

function toPayloadProblem(issue: z.core.$ZodIssue): PayloadProblem {
  const path = issue.path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`), 'payload');
  // Only the type of what was found is described: payloads carry comment text and tokens, never worth echoing.
  const got = describeType('input' in issue ? issue.input : undefined);
  switch (issue.code) {
    case 'invalid_type':
      return { path, message: `expected ${toTypeWord(issue.expected)}, got ${got}` };
    case 'invalid_value':
      return { path, message: `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${got}` };
    default:
      return { path, message: issue.message };
  }
}

const TYPE_WORDS: Record<string, string> = { int: 'a whole number', object: 'an object', array: 'an array', boolean: 'true or false' };

function toTypeWord(expected: string): string {
  return TYPE_WORDS[expected] ?? `a ${expected}`;
}

function describeType(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a number with a fraction';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function quote(name: string): string {
  return JSON.stringify(name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS)}…` : name);
}

/** A log line or an HTTP response carries this much at most; the first problems say enough to fix the sender. */
const MAX_RENDERED_CHARS = 500;
const MAX_RENDERED_PROBLEMS = 5;

/** The problems on one short line: `payload.comment.user: expected an object, got undefined; …`. */
export function renderPayloadProblems(problems: readonly PayloadProblem[]): string {
  const shown = problems.slice(0, MAX_RENDERED_PROBLEMS).map((p) => `${p.path}: ${p.message}`);
  const more = problems.length - shown.length;
  const line = `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  return line.length > MAX_RENDERED_CHARS ? `${line.slice(0, MAX_RENDERED_CHARS - 1)}…` : line;
}
