const REDACTED = '[redacted]';

// A "key" shorter than this is a placeholder, and replacing it would mangle ordinary text.
const MIN_KEY_LENGTH = 8;

// Credentials as they appear in headers, dumped request options and error bodies.
const CREDENTIAL_PATTERNS: RegExp[] = [
  /\b(authorization["']?\s*[:=]\s*["']?)(?:bearer|basic)?\s*[^\s"',}&;]+/gi,
  /\b(x-api-key["']?\s*[:=]\s*["']?)[^\s"',}&;]+/gi,
  /\b(api[-_]?key["']?\s*[:=]\s*["']?)[^\s"',}&;]+/gi,
  /\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
];

// OpenAI echoes a masked key ("sk-proj-****...abcd"); the visible ends are still part of the key.
const MASKED_KEY = /\bsk-[A-Za-z0-9_-]*\*{3,}[A-Za-z0-9_-]*/g;

/** Replaces every occurrence of `key` in `text`. */
export function redactKey(text: string, key: string | undefined): string {
  if (key === undefined || key.length < MIN_KEY_LENGTH) return text;
  return text.split(key).join(REDACTED);
}

/**
 * Strips the deployment's own keys and credential headers from a vendor's
 * error, synchronously, where the error is translated. Secrets of any other
 * shape are removed where the text is shown: every output passes through
 * redactSecrets (src/core/secrets), which is async.
 */
export function redactCredentials(text: string, keys: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const key of keys) out = redactKey(out, key);
  for (const pattern of CREDENTIAL_PATTERNS) out = out.replace(pattern, (_match, prefix: string) => `${prefix}${REDACTED}`);
  return out.replace(MASKED_KEY, REDACTED);
}

// Plain fields worth keeping from a vendor error: they help support and carry no secrets.
const SAFE_FIELDS = ['status', 'status_code', 'statusCode', 'code', 'type', 'requestID', 'request_id', 'lc_error_code'];
const MAX_CAUSE_DEPTH = 5;

/**
 * A scrubbed copy of a vendor error, for use as a `cause`: the same name,
 * message, stack, status and cause chain, with credentials removed. The
 * vendor object itself is not kept because it may hold request options,
 * headers and response bodies that echo the key.
 */
export function toSafeError(error: unknown, keys: readonly (string | undefined)[] = [], depth = 0): Error {
  if (!(error instanceof Error)) return new Error(redactCredentials(String(error), keys));
  const cause = error.cause !== undefined && depth < MAX_CAUSE_DEPTH ? toSafeError(error.cause, keys, depth + 1) : undefined;
  const safe = new Error(redactCredentials(error.message, keys), cause === undefined ? undefined : { cause });
  // The SDKs' error classes (AuthenticationError, RateLimitError...) leave `name` as "Error".
  safe.name = error.name === 'Error' ? error.constructor.name : error.name;
  safe.stack = error.stack === undefined ? undefined : redactCredentials(error.stack, keys);
  const fields = safe as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value: unknown = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'number') fields[field] = value;
    if (typeof value === 'string') fields[field] = redactCredentials(value, keys);
  }
  return safe;
}
