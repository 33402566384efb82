/**
 * The build record in the index's `meta` table. indexRepository writes
 * `building` in its first transaction and `complete` in its last, so an index
 * whose build was stopped (kill -9, a crash, a lost runner) says so.
 */
export const BUILD_STATE_KEY = 'build_state';
export const BUILD_STARTED_KEY = 'build_started_at';
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
