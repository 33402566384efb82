import { createHash } from 'node:crypto';

/** sha256 (lowercase hex) of text as UTF-8 bytes: the `baseSha256` / `expectedSha256` a change is checked against. */
export function contentSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
