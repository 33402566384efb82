import { BUILD_STATE_KEY, FIRST_ANSWER_STATE, FIRST_ANSWER_TERM_FILES_KEY } from './index-meta-keys.js';
import type { IndexStore } from './index-store.js';

/**
 * What the text scan of a first answer saw of the whole tree, for ranking
 * over the few files it indexed as the whole index would (rankWithTreeStats;
 * built by buildTreeTermStats):
 * the tree's indexable files and the picked ones, and per search term (a
 * question word or code name as the search table holds it: an identifier
 * joined, stemmed by stemWords) the files holding it in the tree and among the picked.
 */
export interface TreeTermStats {
  files: number;
  picked: number;
  terms: Record<string, [tree: number, picked: number]>;
}

export function writeTreeTermStats(store: IndexStore, stats: TreeTermStats): void {
  store.setMeta(FIRST_ANSWER_TERM_FILES_KEY, JSON.stringify(stats));
}

/** The first answer's stats while the index holds only its files; undefined once a whole build has begun. */
export function readTreeTermStats(store: IndexStore): TreeTermStats | undefined {
  if (store.getMeta(BUILD_STATE_KEY) !== FIRST_ANSWER_STATE) return undefined;
  const text = store.getMeta(FIRST_ANSWER_TERM_FILES_KEY);
  if (text === undefined) return undefined;
  try {
    const stats = JSON.parse(text) as TreeTermStats;
    return stats.files > 0 && stats.picked > 0 && typeof stats.terms === 'object' ? stats : undefined;
  } catch {
    return undefined; // an unreadable record: the index's own statistics
  }
}
