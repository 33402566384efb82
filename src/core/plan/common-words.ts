import type { CodeIndex } from '../code-index/code-index.js';

/** Below this many changeable files, a word in most of them is no sign that it is generic (a plan's default). */
export const MIN_FILES_TO_TELL = 5;

/**
 * Whether a word is in the code of more than half of the changeable files (BM25 hits, as the search stems it): such a
 * word says nothing of where a change goes (pflag's "flags", every file there is about flags). One search per word,
 * cached for the returned function's life. In a tree of fewer than `minFiles` such files no word is common: two
 * files that both say "retry" do not make "retry" a word that says nothing.
 */
export function commonWords(index: CodeIndex, isChangeable: (path: string) => boolean, minFiles = 0): (word: string) => boolean {
  const { total, filesWith } = countWordFiles(index, isChangeable);
  if (total < minFiles) return () => false;
  return (word) => filesWith(word) * 2 > total;
}

/**
 * How many changeable files hold a word in their code (BM25 hits, as the search stems it), out of `total`: one
 * search per word, cached for the returned function's life.
 */
export function countWordFiles(
  index: CodeIndex,
  isChangeable: (path: string) => boolean,
): { total: number; filesWith: (word: string) => number } {
  const total = index.listFiles().filter((f) => isChangeable(f.path)).length;
  const cache = new Map<string, number>();
  const filesWith = (word: string): number => {
    if (!cache.has(word)) {
      const files = new Set(
        index
          .search(word, { limit: 1000 })
          .map((h) => h.path)
          .filter(isChangeable),
      );
      cache.set(word, files.size);
    }
    return cache.get(word)!;
  };
  return { total, filesWith };
}
