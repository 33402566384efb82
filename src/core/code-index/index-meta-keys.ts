/**
 * The build record in the index's `meta` table. indexRepository writes
 * `building` in its first transaction and `complete` in its last, so an index
 * whose build was stopped (kill -9, a crash, a lost runner) says so.
 */
export const BUILD_STATE_KEY = 'build_state';
export const BUILD_STARTED_KEY = 'build_started_at';
/**
 * `build_state` of an index that holds only the files picked for a first
 * answer (index-for-first-answer.ts): no full build has started over it yet.
 */
export const FIRST_ANSWER_STATE = 'first-answer';
/** The number of indexable files in the tree when the first answer's files were picked (what "N of M" counts against). */
export const FIRST_ANSWER_TOTAL_KEY = 'first_answer_total';
/**
 * "pid 123 on host-1", written by each writer as it takes the lock: named
 * only in the lock's messages, never in a reply (it would show a server's
 * host name).
 */
export const BUILD_WRITER_KEY = 'build_writer';

/**
 * The fingerprint of the listing the last complete build indexed (RepoListing.fingerprint),
 * and what that listing counted ({ files, skipped } as JSON): a refresh whose
 * listing has the same fingerprint has nothing to do.
 */
export const LISTING_FINGERPRINT_KEY = 'listing_fingerprint';
export const LISTING_SUMMARY_KEY = 'listing_summary';
/**
 * What a partial listing compares with ({ base, unvouched } as JSON, last-listing.ts): the staged tree the last
 * complete build listed, and the paths git did not vouch for then with what became of each. Empty: list everything.
 */
export const LISTING_BASE_KEY = 'listing_base';
