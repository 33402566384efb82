// Placeholder: replaced by the zod schemas from the wip/fuzz branch at merge.
export type ParsedWebhookPayload =
  | { kind: 'handled'; event: string; payload: unknown }
  | { kind: 'ignored'; reason: string }
  | { kind: 'invalid'; problems: { path: string; message: string }[] };

export function parseWebhookPayload(eventName: string | undefined, payload: unknown): ParsedWebhookPayload {
  if (!eventName) return { kind: 'invalid', problems: [{ path: 'X-GitHub-Event', message: 'missing' }] };
  return { kind: 'handled', event: eventName, payload };
}

export function renderPayloadProblems(problems: { path: string; message: string }[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('; ');
}
