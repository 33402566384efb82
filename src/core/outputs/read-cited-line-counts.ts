import { countLines } from '../code-index/count-lines.js';
import type { RepoSource } from '../ports.js';
import { isValidRepoPath } from '../repo/repo-path.js';

/** Anything followed by `#L<n>`: repo-relative paths, `[label](path#L3)` targets and GitHub blob links. */
const CITED = /([^\s()<>[\]"'`|]+)#L\d+/g;
/** Files a comment can cite are few; a reply naming more than this is checked against the index for the rest. */
const MAX_FILES = 40;

/**
 * The line count of every file a reply cites, read from the repository
 * itself rather than taken from the index: the citation check then catches
 * a line past the end even when the index's own count is wrong (it once
 * counted a final newline as a line of its own). A file that cannot be read
 * is left out; the caller falls back to the index for it.
 */
export async function readCitedLineCounts(texts: string[], source: RepoSource): Promise<Map<string, number>> {
  const paths = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(CITED)) {
      const path = toRepoPath(m[1]!);
      if (path !== undefined) paths.add(path);
    }
  }
  const counts = new Map<string, number>();
  await Promise.all(
    [...paths].slice(0, MAX_FILES).map(async (path) => {
      try {
        counts.set(path, countLines(await source.readFile(path)));
      } catch {
        // Not readable here (gone, or refused by the source): the index's count stands for it.
      }
    }),
  );
  return counts;
}

function toRepoPath(raw: string): string | undefined {
  const blob = /\/blob\/[^/]+\/(.+)$/.exec(raw);
  let path = (blob ? blob[1]! : raw).replace(/\?.*$/, '').replace(/^\.\//, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return isValidRepoPath(path) ? path : undefined;
}
