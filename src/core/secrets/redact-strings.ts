import { findSecrets } from './find-secrets.js';
import { applySpans } from './redact-secrets.js';

/** Strings shorter than this hold no secret any rule reports; they are left out of the scan. */
const MIN_SCANNED = 8;
/** Between two strings in the joined scan: a blank line. */
const SEPARATOR = '\n\n';

/**
 * A copy of a JSON-like value (a RunResult, a job record) with every string
 * in it redacted. The strings are scanned as one text, so a result with
 * hundreds of snippets costs one secretlint pass, not hundreds. A span that
 * runs past the end of its string (a key's BEGIN line in one string, key
 * material in the next) is not trusted: the strings it touches are scanned
 * again on their own, so each string is redacted exactly as it would be alone.
 */
export async function redactStrings<T>(value: T): Promise<T> {
  const strings: string[] = [];
  collect(value, strings);
  const unique = [...new Set(strings)];
  if (unique.length === 0) return value;
  const spans = await findSecrets(unique.join(SEPARATOR));
  const redacted = new Map<string, string>();
  let offset = 0;
  for (const text of unique) {
    const end = offset + text.length;
    const touching = spans.filter((s) => s.end > offset && s.start < end);
    offset = end + SEPARATOR.length;
    if (touching.length === 0) continue;
    const inside = touching.every((s) => s.start >= end - text.length && s.end <= end);
    const own = inside
      ? touching.map((s) => ({ ...s, start: s.start - (end - text.length), end: s.end - (end - text.length) }))
      : await findSecrets(text);
    if (own.length > 0) redacted.set(text, applySpans(text, own));
  }
  return redacted.size === 0 ? value : (replace(value, redacted) as T);
}

function collect(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    if (value.length >= MIN_SCANNED) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (isPlainObject(value)) {
    for (const item of Object.values(value)) collect(item, into);
  }
}

function replace(value: unknown, redacted: Map<string, string>): unknown {
  if (typeof value === 'string') return redacted.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replace(item, redacted));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v, redacted)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
