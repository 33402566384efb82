import { stemKey, type FirstAnswerTerms } from './find-first-answer-files.js';
import { splitIdentifier } from './identifier-terms.js';
import type { TermMatches } from './scan-tree-text.js';
import { stemWords } from './stem-words.js';
import type { TreeTermStats } from './tree-term-stats.js';

/**
 * The stats of a first answer's scan. A word scanned by its stem too counts
 * the files of either spelling (the search table stems its words: `removing`
 * finds `removed`), keyed by the search table's term (stemWords).
 */
export function buildTreeTermStats(read: FirstAnswerTerms, matches: TermMatches, picked: string[], files: number): TreeTermStats {
  const chosen = new Set(picked);
  const terms: TreeTermStats['terms'] = {};
  const stems = stemWords(read.terms.map((term) => splitIdentifier(term).join('')));
  read.terms.forEach((term, i) => {
    const found = new Set([...(matches.get(term) ?? []), ...(matches.get(stemKey(term)) ?? [])]);
    // A term the scan did not finish says nothing: the search keeps the index's own statistics for it.
    if (!matches.has(term) && !matches.has(stemKey(term))) return;
    const key = stems[i]!;
    if (key === '' || key in terms) return;
    terms[key] = [found.size, [...found].filter((f) => chosen.has(f)).length];
  });
  return { files, picked: picked.length, terms };
}
