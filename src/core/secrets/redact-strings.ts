import { findSecrets } from './find-secrets.js';
import { applySpans } from './redact-secrets.js';
import type { SecretSpan } from './secret-span.js';

/** Strings shorter than this hold no secret any rule reports; they are left out of the scan. */
const MIN_SCANNED = 8;
/**
 * Between two strings in the joined scan: a blank line, which ends every
 * one-line rule's match, so no span is built from the end of one string
 * and the start of the next.
 */
const SEPARATOR = '\n\n';

/**
 * A copy of a JSON-like value (a RunResult, a job record) with every string
 * in it redacted. The strings are scanned as one text, so a result with
 * hundreds of snippets costs one secretlint pass, not hundreds.
 */
export async function redactStrings<T>(value: T): Promise<T> {
  const strings: string[] = [];
  collect(value, strings);
  const unique = [...new Set(strings)];
  if (unique.length === 0) return value;
  const joined = unique.join(SEPARATOR);
  const spans = await findSecrets(joined);
  const redacted = new Map<string, string>();
  let offset = 0;
  for (const text of unique) {
    const mine = clip(spans, offset, offset + text.length);
    if (mine.length > 0) redacted.set(text, applySpans(text, mine));
    offset += text.length + SEPARATOR.length;
  }
  return redacted.size === 0 ? value : replace(value, redacted) as T;
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

/** The spans that fall in [from, to), moved to the string's own offsets. */
function clip(spans: readonly SecretSpan[], from: number, to: number): SecretSpan[] {
  return spans
    .filter((s) => s.end > from && s.start < to)
    .map((s) => ({ ...s, start: Math.max(s.start, from) - from, end: Math.min(s.end, to) - from }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
