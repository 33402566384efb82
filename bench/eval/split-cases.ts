/**
 * A fixed split of a case set into a half to tune on and a half held out
 * (never looked at while tuning): by a hash of the case's id (its issue URL
 * for long reports, else its commit), so a case stays in its half when cases
 * are added or reordered.
 */
import { createHash } from 'node:crypto';
import type { EvalCase } from './eval-paths.js';

export type Half = 'tune' | 'held-out';

export function halfOf(c: EvalCase & { issue?: string }): Half {
  const id = c.issue ?? `${c.repo}@${c.sha}`;
  const first = createHash('sha256').update(id).digest()[0]!;
  return first % 2 === 0 ? 'tune' : 'held-out';
}

/** The cases of one half, or all when `half` is undefined. */
export function pickHalf<T extends EvalCase>(cases: T[], half: Half | undefined): T[] {
  return half === undefined ? cases : cases.filter((c) => halfOf(c) === half);
}
