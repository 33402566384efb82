/** Where a secret sits in a text: UTF-16 offsets, end exclusive, and the rule that found it. */
export interface SecretSpan {
  start: number;
  end: number;
  rule: string;
}

/** Sorted, with overlapping or touching spans joined, so each secret is replaced once. */
export function mergeSpans(spans: readonly SecretSpan[]): SecretSpan[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
