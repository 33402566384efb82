import type { EvidenceItem } from '../explore/types.js';
import type { FileToChange } from './find-files-to-change.js';

/** At most this many files under "Make the change": a plan that proposes more is guessing. */
const MAX_TO_CHANGE = 4;
/**
 * A file the request's words matched is proposed only when its best excerpt's
 * relevance above the floor of a matched chunk (1.5: the pipeline scores a
 * read chunk 1.5 + its match strength - 0.1 per candidate rank) is at least
 * this share of the best file's: on this repository's own "add retries to
 * the GitHub blob fetcher", the blob fetcher had 0.85 and a class that only
 * shares the word GitHub 0.42.
 */
const RELATIVE_RELEVANCE = 0.6;
const CHUNK_FLOOR = 1.5;

/**
 * The files "Make the change" lists: those with evidence for this change.
 * A file the request names (a path, or a definition of a name it spells) is
 * always listed; one its words matched only when an excerpt of it was read
 * and that excerpt is about as relevant as the best file's; one found
 * through the graph alone never (it stays a module to read). One file is
 * fine; when nothing qualifies, the most certain file is listed alone.
 */
export function selectFilesToChange(files: FileToChange[], evidence: EvidenceItem[]): FileToChange[] {
  const relevance = new Map<string, number>();
  for (const e of evidence) {
    if (e.source === 'head') continue;
    relevance.set(e.path, Math.max(relevance.get(e.path) ?? 0, Math.max(0, (e.relevance ?? CHUNK_FLOOR + 1) - CHUNK_FLOOR)));
  }
  const best = Math.max(0, ...files.map((f) => relevance.get(f.path) ?? 0));
  const kept = files.filter(
    (f) =>
      f.certainty === 'named' ||
      (f.certainty === 'matched' && relevance.has(f.path) && relevance.get(f.path)! >= RELATIVE_RELEVANCE * best),
  );
  return (kept.length > 0 ? kept : files.slice(0, 1)).slice(0, MAX_TO_CHANGE);
}
