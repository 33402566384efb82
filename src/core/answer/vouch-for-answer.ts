import type { RepoContext } from '../explore/types.js';

/**
 * A model's answer that cites nothing the evidence backs (all its citations removed, or none given) is not
 * vouched for by the index, whatever the evidence gathered: it is posted at low confidence, and says why.
 * Used by every command that posts a model's answer (`ask`, `explain`, `debug`).
 */
export function vouchForAnswer(context: RepoContext, answer: { citations: readonly unknown[] } | undefined, removed: number): RepoContext {
  if (!answer || answer.citations.length > 0) return context;
  return {
    ...context,
    confidence: 'low',
    confidenceReason:
      removed > 0
        ? `none of the answer's ${removed} citation${removed === 1 ? '' : 's'} is backed by the evidence read, so they were removed`
        : 'the answer cites no evidence',
  };
}
