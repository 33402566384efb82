import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { commonWords } from './common-words.js';

/** A function this short does little itself: what it does is in what it calls (ky's 7-line `extend`). */
const MAX_DELEGATE_LINES = 15;

/**
 * The function of another file that a function the request names hands the
 * request's behaviour to: ky's "Fix `extend()` dropping numeric `retry` limit
 * when merging with an object" names `extend` (7 lines in `source/index.ts`),
 * which calls `validateAndMerge` (`source/utils/merge.ts`), where the merge
 * was fixed. Only a short function (MAX_DELEGATE_LINES), only calls the index
 * resolved, and only when the request's words other than its names ("merging")
 * name exactly one such callee's file, by a word most files do not hold
 * (pflag's "allow nil default IP flags in GetIP" is about `GetIP`, not the
 * `getFlagType` it calls: every file there is about flags): else there is no
 * evidence the change is elsewhere, and the named function stands.
 */
export function findHandedTo(input: {
  index: CodeIndex;
  definition: SymbolHit;
  /** The request's words that are no part of the names it spells. */
  words: string[];
  isChangeable: (path: string) => boolean;
}): SymbolHit | undefined {
  const { index, definition, isChangeable } = input;
  if (!/function|method/.test(input.definition.kind) || definition.endLine - definition.startLine + 1 > MAX_DELEGATE_LINES)
    return undefined;
  const stems = input.words.filter((w) => w.length >= 4).map(stem);
  if (stems.length === 0) return undefined;
  const byFile = new Map<string, SymbolHit>();
  let isCommon: ((word: string) => boolean) | undefined;
  for (const call of index.callees(definition.id, 1, 50)) {
    if (call.symbolId === undefined || call.name === undefined || call.path === definition.path || !isChangeable(call.path)) continue;
    const parts = splitIdentifier(call.name).map((p) => p.toLowerCase());
    const matched = parts.filter((p) => stems.some((s) => p.length >= 4 && (p.startsWith(s) || s.startsWith(stem(p)))));
    isCommon ??= commonWords(index, isChangeable);
    // A word most of the repository's files hold says nothing of where the change goes (pflag's "flags": `getFlagType`).
    if (matched.length === 0 || matched.every(isCommon)) continue;
    const callee = index.symbolsIn(call.path).find((s) => s.id === call.symbolId);
    if (callee && !byFile.has(call.path)) byFile.set(call.path, callee);
  }
  return byFile.size === 1 ? [...byFile.values()][0] : undefined;
}

/** A word without its inflection: "merging", "merged", "merges" and "merge" are `merg`. */
function stem(word: string): string {
  const bare = word.toLowerCase().replace(/(ing|ed|es|s|e)$/, '');
  return bare.length >= 4 ? bare : word.toLowerCase();
}
