import { parseWebhookPayload, renderPayloadProblems } from '../github/parse-webhook-payload.js';
import type { CheckPayload } from './receive-webhook.js';

/** The HTTP edge's payload check: the handled events' schemas, their problems as one line for the 400. */
export const checkWebhookPayload: CheckPayload = (event, payload) => {
  const parsed = parseWebhookPayload(event, payload);
  return parsed.kind === 'invalid' ? renderPayloadProblems(parsed.problems) : undefined;
};
