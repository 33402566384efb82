import type { LastListing, LocalListing } from '../repo/local-repo-source.js';
import { findPathSkipReason, type SkipReason } from '../repo/skip-rules.js';
import type { IndexStore, StoredFile } from './index-store.js';
import { BUILD_STATE_KEY, LISTING_BASE_KEY, LISTING_FINGERPRINT_KEY, LISTING_SUMMARY_KEY } from './index-meta-keys.js';
import { findFileKind } from './languages.js';

/** What a listing counted: files nanodex indexes, and the rest by reason (path rules, unsupported formats). */
export interface ListingSummary {
  files: number;
  skipped: Record<string, number>;
}

/** What became of one path in a listing: indexed, listed but of no format nanodex reads, left out (why), or not listed. */
type Outcome = 'indexable' | 'unsupported' | 'none' | SkipReason;

/** The last complete build's listing: its fingerprint and counts, and what a partial listing compares with. */
export interface LastListingRecord extends LastListing {
  summary: ListingSummary;
  /** What became of each path git did not vouch for then. */
  outcomes: Map<string, Outcome>;
}

/** Paths never named in what the index keeps (skip-rules.ts): a listing that finds one changed is not kept for the next. */
const UNNAMED: ReadonlySet<Outcome> = new Set<Outcome>(['secret', 'private-key']);

/** The record of the last complete build's listing, when it left one (a run over some paths leaves it without a fingerprint). */
export function readLastListing(store: IndexStore): LastListingRecord | undefined {
  if (store.getMeta(BUILD_STATE_KEY) !== 'complete') return undefined;
  // An empty fingerprint (a run over some paths) is never matched: the next listing looks at least at the changed paths.
  const fingerprint = store.getMeta(LISTING_FINGERPRINT_KEY);
  const summary = store.getMeta(LISTING_SUMMARY_KEY);
  if (fingerprint === undefined || summary === undefined) return undefined;
  try {
    const parsed = JSON.parse(summary) as ListingSummary;
    if (typeof parsed.files !== 'number' || typeof parsed.skipped !== 'object') return undefined;
    const base = JSON.parse(store.getMeta(LISTING_BASE_KEY) || '{}') as {
      base?: string;
      indexStamp?: string;
      unvouched?: [string, Outcome][];
    };
    const outcomes = new Map(base.unvouched ?? []);
    const unvouched = [...outcomes.keys()];
    return { fingerprint, summary: parsed, base: base.base ?? '', indexStamp: base.indexStamp ?? '', unvouched, outcomes };
  } catch {
    return undefined; // written by another version: list everything
  }
}

/** Says, inside the caller's transaction, what this listing was, for the next run to compare with. */
export function writeLastListing(store: IndexStore, listing: LocalListing, summary: ListingSummary): void {
  // A run over some paths only (onlyPaths) leaves no fingerprint: the next refresh lists everything.
  store.setMeta(LISTING_FINGERPRINT_KEY, listing.fingerprint ?? '');
  store.setMeta(LISTING_SUMMARY_KEY, JSON.stringify(summary));
  const unvouched = listing.unvouched ?? [];
  const outcomes = toOutcomes(listing, new Set(unvouched));
  const kept = listing.base !== undefined && unvouched.every((p) => !UNNAMED.has(outcomes.get(p) ?? 'none'));
  const record = { base: listing.base, indexStamp: listing.indexStamp, unvouched: unvouched.map((p) => [p, outcomes.get(p) ?? 'none']) };
  store.setMeta(LISTING_BASE_KEY, kept ? JSON.stringify(record) : '');
}

/**
 * Says what a run over some paths only (onlyPaths) left: the last record
 * with these paths added to those it names, each with what it is now, and
 * no fingerprint, so the next refresh lists at least every path the index
 * may hold otherwise than the staged tree (each changed then, since or now),
 * and not the whole tree. Without a record of the same staged tree (git's
 * index written since, a plain folder), none is left: the next refresh lists
 * everything.
 */
export function writePathsListing(
  store: IndexStore,
  last: LastListingRecord | undefined,
  listing: LocalListing,
  summary: ListingSummary,
): void {
  store.setMeta(LISTING_FINGERPRINT_KEY, '');
  store.setMeta(LISTING_SUMMARY_KEY, JSON.stringify(summary));
  const paths = listing.changedPaths ?? [];
  const now = toOutcomes(listing, new Set(paths));
  const outcomes = new Map(last?.outcomes);
  for (const file of paths) outcomes.set(file, now.get(file) ?? 'none');
  const kept =
    last !== undefined &&
    isSameStagedTree(last, listing) &&
    [...outcomes].every(([file, outcome]) => !UNNAMED.has(outcome) && !UNNAMED.has(findPathSkipReason(file) ?? 'none'));
  const record = kept ? { base: last.base, indexStamp: last.indexStamp, unvouched: [...outcomes] } : undefined;
  store.setMeta(LISTING_BASE_KEY, record === undefined ? '' : JSON.stringify(record));
}

/**
 * The counts after a run over some paths (LocalListing.changedPaths set to
 * them): the last counts moved by what each path was and is now, when git
 * stages the tree the record saw; else the counts of these paths alone.
 */
export function toPathsListingSummary(
  last: LastListingRecord | undefined,
  listing: LocalListing,
  storedBefore: Map<string, StoredFile>,
): ListingSummary {
  return last !== undefined && isSameStagedTree(last, listing)
    ? updateListingSummary(last, listing, storedBefore)
    : toListingSummary(listing);
}

/** The record describes the staged tree git holds now (the same index file, the same rules): a path it does not name is clean in both. */
function isSameStagedTree(last: LastListingRecord, listing: LocalListing): boolean {
  return last.base !== '' && listing.indexStamp !== undefined && listing.indexStamp === last.indexStamp;
}

/** The counts of a whole listing. */
export function toListingSummary(listing: LocalListing): ListingSummary {
  const summary: ListingSummary = { files: 0, skipped: {} };
  for (const s of listing.skipped) count(summary, s.reason, 1);
  for (const file of listing.files) count(summary, findFileKind(file.path) === undefined ? 'unsupported' : 'indexable', 1);
  return summary;
}

/**
 * The counts of a partial listing (LocalListing.changedPaths): the last
 * counts, less what each changed path was then, plus what it is now. A path
 * git vouched for then was a clean file (or symlink) of the same staged tree:
 * left out by its path, else indexed if the index held it, else unsupported
 * or too large.
 */
export function updateListingSummary(
  last: LastListingRecord,
  listing: LocalListing,
  storedBefore: Map<string, StoredFile>,
): ListingSummary {
  const changed = listing.changedPaths ?? [];
  const summary: ListingSummary = { files: last.summary.files, skipped: { ...last.summary.skipped } };
  const now = toOutcomes(listing, new Set(changed));
  for (const file of changed) {
    count(summary, last.outcomes.get(file) ?? cleanOutcome(file, listing, storedBefore), -1);
    count(summary, now.get(file) ?? 'none', 1);
  }
  return summary;
}

function cleanOutcome(file: string, listing: LocalListing, stored: Map<string, StoredFile>): Outcome {
  const entry = listing.findStaged?.(file);
  if (entry?.mode === 'symlink') return 'symlink';
  if (entry?.mode !== 'file') return 'none';
  return findPathSkipReason(file) ?? (stored.has(file) ? 'indexable' : findFileKind(file) === undefined ? 'unsupported' : 'too-large');
}

function toOutcomes(listing: LocalListing, paths: Set<string>): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  if (paths.size === 0) return outcomes;
  for (const s of listing.skipped) if (paths.has(s.path)) outcomes.set(s.path, s.reason);
  for (const f of listing.files) {
    if (paths.has(f.path)) outcomes.set(f.path, findFileKind(f.path) === undefined ? 'unsupported' : 'indexable');
  }
  return outcomes;
}

function count(summary: ListingSummary, outcome: Outcome, by: number): void {
  if (outcome === 'none') return;
  if (outcome === 'indexable') {
    summary.files += by;
    return;
  }
  const next = (summary.skipped[outcome] ?? 0) + by;
  if (next === 0) delete summary.skipped[outcome];
  else summary.skipped[outcome] = next;
}
