import { splitIdentifier } from '../code-index/identifier-terms.js';

/** Lines kept of a long matching chunk: about a screen, around where the question's words are. */
export const FOCUS_LINES = 60;
const MIN_TERM_LENGTH = 3;

/**
 * The `size`-line window of lines[start..end] (1-based, inclusive) where the
 * question's words are densest, each word weighted by how rare it is in the
 * file (a word on every line says nothing about where to look). A chunk
 * matched as a whole; this says which part of it matched. Returns the range
 * unchanged when it is short already or no word occurs in it.
 */
export function findFocusWindow(
  lines: string[],
  range: { start: number; end: number },
  question: string,
  size = FOCUS_LINES,
): { start: number; end: number } {
  const { start, end } = range;
  if (end - start + 1 <= size) return range;
  const terms = [...new Set((question.match(/[A-Za-z_$][\w$]*/g) ?? []).flatMap((w) => [w.toLowerCase(), ...splitIdentifier(w)]))].filter(
    (t) => t.length >= MIN_TERM_LENGTH,
  );
  if (terms.length === 0) return range;
  const lower = lines.map((l) => l.toLowerCase());
  const weight = new Map<string, number>();
  for (const t of terms) {
    const df = lower.reduce((n, l) => n + (l.includes(t) ? 1 : 0), 0);
    if (df > 0) weight.set(t, Math.log(1 + lines.length / df));
  }
  const lineScore = (n: number): number => {
    const text = lower[n - 1] ?? '';
    let score = 0;
    for (const [t, w] of weight) if (text.includes(t)) score += w;
    return score;
  };
  const scores = Array.from({ length: end - start + 1 }, (_v, i) => lineScore(start + i));
  const sums: number[] = [];
  let sum = scores.slice(0, size).reduce((a, b) => a + b, 0);
  sums.push(sum);
  for (let s = start + 1; s + size - 1 <= end; s += 1) {
    sum += scores[s + size - 1 - start]! - scores[s - 1 - start]!;
    sums.push(sum);
  }
  // A loop, not Math.max(...sums): a definition of 100K+ lines would overflow the call stack.
  let best = -Infinity;
  for (const v of sums) if (v > best) best = v;
  if (best <= 0) return range;
  // Every window holding the densest lines scores the same: the middle one of them centres those lines.
  const ties = sums.flatMap((v, i) => (v >= best - 1e-9 ? [i] : []));
  const bestStart = start + ties[Math.floor(ties.length / 2)]!;
  return { start: bestStart, end: bestStart + size - 1 };
}
