import { applyChanges, type ChangeResult } from '../../../src/core/changes/apply-change.js';
import { parseProposedChanges, type ProposedChange } from '../../../src/core/changes/proposed-change-schema.js';

export const about = { title: 'Tidy the parser', rationale: 'The plan asks for it.', risk: 1 } as const;

/** Parses raw changes the way a model's output would be, failing the test on any problem. */
export function parsed(raw: unknown[]): ProposedChange[] {
  const check = parseProposedChanges({ changes: raw });
  if (!check.ok) throw new Error(check.problems.join('\n'));
  return check.changes;
}

/** Applies raw changes to an in-memory repository of `files`. */
export async function applied(files: Record<string, string>, raw: unknown[]): Promise<ChangeResult[]> {
  return applyChanges(parsed(raw), async (path) => files[path]);
}
