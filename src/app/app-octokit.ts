import { ProbotOctokit } from 'probot';
import { fetchWithTimeout } from '../core/net/fetch-with-timeout.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';

/** Retries after a rate limit, as GitHub's docs ask (wait, then try again), before a job gives up and says so. */
const MAX_RATE_LIMIT_RETRIES = 2;

interface ThrottledRequest { request: { retryCount: number }; method: string; url: string }

/**
 * Probot's octokit, with secondary rate limits (GitHub's 403/429 "You have
 * exceeded a secondary rate limit") retried like primary ones: Probot's own
 * handler only logs them, which would turn a burst of comments into failures.
 * Every request has a timeout (fetchWithTimeout): a GitHub that accepts the
 * connection and never answers fails the job instead of hanging it.
 * The function form is needed: Probot replaces plain throttle defaults.
 */
export function createAppOctokit(options: { timeoutMs?: number } = {}): typeof ProbotOctokit {
  const timedFetch = fetchWithTimeout(options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS, 'GitHub');
  return ProbotOctokit.defaults((defaults: Record<string, unknown> & { throttle?: object; request?: object }) => ({
    ...defaults,
    request: { ...defaults?.request, fetch: timedFetch },
    throttle: {
      ...defaults?.throttle,
      onSecondaryRateLimit: (_retryAfter: number, request: ThrottledRequest) => request.request.retryCount < MAX_RATE_LIMIT_RETRIES,
    },
  }));
}

export const AppOctokit = createAppOctokit();
