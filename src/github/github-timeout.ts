/**
 * How long a GitHub call may wait for its answer to start, and then between
 * two chunks of it (fetchWithTimeout). GitHub's REST API answers within a
 * few seconds; its own server-side limit is 10 s for most endpoints. 30 s
 * leaves room for a slow GitHub Enterprise Server without letting a silent
 * one hang a job.
 */
export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;

/**
 * How long one GitHub call may take in all: its attempts (each under the
 * timeout above), the back-off between them and the installation token it
 * asks for (limitGitHubCalls). With the 30 s timeout a silent GitHub gets two
 * attempts. 50 s keeps a job that meets a GitHub that stopped answering
 * under two minutes: the call that stalls, then its failure reply, which
 * goes to the same GitHub and may stall as long.
 */
export const DEFAULT_GITHUB_DEADLINE_MS = 50_000;
