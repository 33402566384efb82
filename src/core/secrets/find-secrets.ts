import { OWN_RULES } from './own-secret-rules.js';
import { scanWithSecretlint } from './scan-with-secretlint.js';
import { mergeSpans, type SecretSpan } from './secret-span.js';

/** The shortest text that can hold a secret any rule reports: a 3-letter name, `=`, quotes and a 6-character value. */
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

/** Whether `text` holds a secret. */
export async function hasSecret(text: string): Promise<boolean> {
  return (await findSecrets(text)).length > 0;
}
