import { z } from 'zod';
import { checkWebhookPayload } from '../check-webhook-payload.js';

/** What a receiver puts on the Redis queue: the verified, validated webhook, exactly as GitHub sent it. */
export interface QueuedDelivery {
  /** X-GitHub-Event, e.g. `issue_comment`. */
  event: string;
  /** X-GitHub-Delivery: the BullMQ job id and the de-duplication key. */
  deliveryId: string;
  /** The repository's jobs run one at a time in this key's order (`owner/repo`, or `installation:<id>`). */
  orderKey: string;
  payload: Record<string, unknown>;
  /** When the receiver acknowledged it (ms since the epoch): job latency is measured from here. */
  receivedAt: number;
}

const queuedDeliverySchema = z.object({
  event: z.string().regex(/^[a-z_]{1,64}$/),
  deliveryId: z.string().min(1).max(200),
  orderKey: z.string().min(1).max(300),
  payload: z.record(z.string(), z.unknown()),
  receivedAt: z.number().int().nonnegative(),
});

/** A queued job's data as read back from Redis: checked again before any work (a different release, or a hand-edited key). */
export function parseQueuedDelivery(data: unknown): { ok: true; delivery: QueuedDelivery } | { ok: false; problem: string } {
  const parsed = queuedDeliverySchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(job data)'}: ${i.message}`).join('; ');
    return { ok: false, problem: `the job's data is not a queued delivery (${issues})` };
  }
  const problem = checkWebhookPayload(parsed.data.event, parsed.data.payload);
  if (problem !== undefined) return { ok: false, problem: `the queued ${parsed.data.event} payload is not what GitHub sends: ${problem}` };
  return { ok: true, delivery: parsed.data };
}

/**
 * The sequence a delivery waits its turn in: its repository, lowercased as
 * toRepoKey does (so a push and a mention of one repository share it); an
 * installation event's indexing, its installation.
 */
export function toOrderKey(payload: Record<string, unknown>): string | undefined {
  const repository = payload.repository as { full_name?: unknown } | undefined;
  if (typeof repository?.full_name === 'string') return repository.full_name.toLowerCase();
  const installation = payload.installation as { id?: unknown } | undefined;
  if (typeof installation?.id === 'number') return `installation:${installation.id}`;
  return undefined;
}
