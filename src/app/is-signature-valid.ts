import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `signature` (X-Hub-Signature-256: `sha256=` and 64 hex digits) is
 * the HMAC of the body's bytes as received, with the webhook secret. Bytes,
 * not text: decoding first would turn invalid UTF-8 into U+FFFD and refuse a
 * body that GitHub did sign. Constant time in the signature's content.
 */
export function isSignatureValid(secret: string, body: Uint8Array, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
