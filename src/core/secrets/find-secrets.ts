import { OWN_RULES } from './own-secret-rules.js';
import { scanWithSecretlint } from './scan-with-secretlint.js';
import { mergeSpans, type SecretSpan } from './secret-span.js';

/** Below this no rule finds a secret (the shortest, `PWD=` and a 6-character value, is 10): no scan, no secretlint load. */
const MIN_SECRET_TEXT = 8;

/**
 * Every secret in `text`: secretlint's recommended rules, then nanodex's
 * narrow rules for what they miss (own-secret-rules.ts), merged.
 */
export async function findSecrets(text: string): Promise<SecretSpan[]> {
  if (text.length < MIN_SECRET_TEXT) return [];
  const found = await scanWithSecretlint(text);
  for (const rule of OWN_RULES) found.push(...rule.find(text));
  return mergeSpans(found);
}
