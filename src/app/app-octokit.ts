import { ProbotOctokit } from 'probot';

/** Retries after a rate limit, as GitHub's docs ask (wait, then try again), before a job gives up and says so. */
const MAX_RATE_LIMIT_RETRIES = 2;

interface ThrottledRequest { request: { retryCount: number }; method: string; url: string }

/**
 * Probot's octokit, with secondary rate limits (GitHub's 403/429 "You have
 * exceeded a secondary rate limit") retried like primary ones: Probot's own
 * handler only logs them, which would turn a burst of comments into failures.
 * The function form is needed: Probot replaces plain throttle defaults.
 *
 * Writes are paced per installation, as GitHub counts them. Probot keys the
 * throttling plugin's limiters by installation only in `app.auth(id)`; the
 * octokit a webhook handler gets (octokit-auth-probot's event octokit) has
 * no key, so every installation shared one bucket: one write a second and
 * one new comment every 3 s for the whole App (found measuring
 * `npm run bench:app -- --throttle --installations 5`).
 */
export const AppOctokit = ProbotOctokit.defaults((options: Record<string, unknown> & { throttle?: object; auth?: { installationId?: unknown } }) => {
  const installationId = options?.auth?.installationId;
  return {
    ...options,
    throttle: {
      ...options?.throttle,
      ...(typeof installationId === 'number' || typeof installationId === 'string' ? { id: String(installationId) } : {}),
      onSecondaryRateLimit: (_retryAfter: number, request: ThrottledRequest) => request.request.retryCount < MAX_RATE_LIMIT_RETRIES,
    },
  };
});
