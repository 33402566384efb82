import { ProbotOctokit } from 'probot';

/** Retries after a rate limit, as GitHub's docs ask (wait, then try again), before a job gives up and says so. */
const MAX_RATE_LIMIT_RETRIES = 2;

interface ThrottledRequest { request: { retryCount: number }; method: string; url: string }

/**
 * Probot's octokit, with secondary rate limits (GitHub's 403/429 "You have
 * exceeded a secondary rate limit") retried like primary ones: Probot's own
 * handler only logs them, which would turn a burst of comments into failures.
 * The function form is needed: Probot replaces plain throttle defaults.
 */
export const AppOctokit = ProbotOctokit.defaults((options: Record<string, unknown> & { throttle?: object }) => ({
  ...options,
  throttle: {
    ...options?.throttle,
    onSecondaryRateLimit: (_retryAfter: number, request: ThrottledRequest) => request.request.retryCount < MAX_RATE_LIMIT_RETRIES,
  },
}));
