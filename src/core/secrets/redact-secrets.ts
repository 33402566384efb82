import { findSecrets } from './find-secrets.js';
import type { SecretSpan } from './secret-span.js';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * THE redactor: every text nanodex posts, prints, logs or sends to a model
 * passes here last. Secrets are replaced with `[redacted]`; a secret that
 * spans lines (a private key) keeps its line breaks, so line numbers and
 * citations still point where they did. Redacting twice changes nothing.
 */
export async function redactSecrets(text: string): Promise<string> {
  return (await redactSecretsCounted(text)).text;
}

/** The redacted text and how many secrets were replaced. */
export async function redactSecretsCounted(text: string): Promise<{ text: string; count: number }> {
  const spans = await findSecrets(text);
  return { text: applySpans(text, spans), count: spans.length };
}

/** Replaces each span (sorted, not overlapping) with the marker and the line breaks it held. */
export function applySpans(text: string, spans: readonly SecretSpan[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let last = 0;
  for (const { start, end } of spans) {
    out += text.slice(last, start) + REDACTED + '\n'.repeat(countNewlines(text.slice(start, end)));
    last = end;
  }
  return out + text.slice(last);
}

function countNewlines(text: string): number {
  let n = 0;
  for (const ch of text) if (ch === '\n') n += 1;
  return n;
}
