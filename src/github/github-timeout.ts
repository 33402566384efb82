/**
 * How long a GitHub call may wait for its answer to start, and then between
 * two chunks of it (fetchWithTimeout). GitHub's REST API answers within a
 * few seconds; its own server-side limit is 10 s for most endpoints. 30 s
 * leaves room for a slow GitHub Enterprise Server without letting a silent
 * one hang a job.
 */
export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;
