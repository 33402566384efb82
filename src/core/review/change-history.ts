/** One commit of the history before a change: which files it touched, and its message. */
export interface HistoryCommit {
  sha: string;
  files: string[];
}

/**
 * The repository's history as a review reads it (co-change and churn). A
 * front that has a full git checkout provides it (git-change-history.ts);
 * a shallow clone answers `unavailable`, and a tarball index has none.
 */
export interface ChangeHistory {
  /** Up to `limit` non-merge commits reachable from `before`, newest first. */
  recentCommits(before: string, limit: number): Promise<HistoryCommit[] | { unavailable: string }>;
  /** The messages of the commits in `base..head`, newest first (for linked issues); empty when unknown. */
  messagesBetween(base: string, head: string): Promise<string[]>;
}
