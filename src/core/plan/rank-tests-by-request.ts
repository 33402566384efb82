import type { CodeIndex } from '../code-index/code-index.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { asksToReject, NAMES_A_CHECK } from './rejection-words.js';

/** A request word in a test's file name counts as much as this many rare words in its code. */
const NAME_WEIGHT = 2;

/**
 * How well each of several tests that reach the same code matches the
 * request, higher first: a request word in the test's file name (or, for a
 * request to reject input, a name that says it checks input: `validation`,
 * `errors`) weighs NAME_WEIGHT; a request word in its code weighs by how few
 * of these tests hold it (log(n / holders): a word every one of them holds
 * tells them apart not at all). The code is searched in the index, as the
 * search stems it. A single test, or a request with no words, scores 0.
 */
export function rankTestsByRequest(index: CodeIndex, tests: string[], words: string[]): (test: string) => number {
  if (tests.length < 2 || words.length === 0) return () => 0;
  const holds = new Map(
    words.map((w) => [w, new Set(tests.filter((t) => index.search(w, { pathPrefix: t, limit: 1 }).some((h) => h.path === t)))]),
  );
  const rejects = asksToReject(words);
  const scores = new Map(
    tests.map((t) => {
      const name = splitIdentifier(t.slice(t.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '')).map((p) => p.toLowerCase());
      const named = words.filter((w) => name.some((p) => p.length >= 3 && (p.startsWith(w) || w.startsWith(p)))).length;
      const checks = rejects && name.some((p) => NAMES_A_CHECK.test(p)) ? 1 : 0;
      const code = words.reduce((sum, w) => sum + (holds.get(w)!.has(t) ? Math.log(tests.length / holds.get(w)!.size) : 0), 0);
      return [t, NAME_WEIGHT * (named + checks) + code] as const;
    }),
  );
  return (test) => scores.get(test) ?? 0;
}
