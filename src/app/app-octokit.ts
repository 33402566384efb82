import { ProbotOctokit } from 'probot';
import { fetchWithTimeout } from '../core/index.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';

/** Retries after a rate limit, as GitHub's docs ask (wait, then try again), before a job gives up and says so. */
const MAX_RATE_LIMIT_RETRIES = 2;

interface ThrottledRequest {
  request: { retryCount: number };
  method: string;
  url: string;
}

/**
 * Probot's octokit, with secondary rate limits (GitHub's 403/429 "You have
 * exceeded a secondary rate limit") retried like primary ones: Probot's own
 * handler only logs them, which would turn a burst of comments into failures.
 * Every request has a timeout (fetchWithTimeout): a GitHub that accepts the
 * connection and never answers fails the job instead of hanging it.
 * The function form is needed: Probot replaces plain throttle defaults.
 *
 * Writes are paced per installation, as GitHub counts them. Probot keys the
 * throttling plugin's limiters by installation only in `app.auth(id)`; the
 * octokit a webhook handler gets (octokit-auth-probot's event octokit) has
 * no key, so every installation shared one bucket: one write a second and
 * one new comment every 3 s for the whole App (found measuring
 * `npm run bench:app -- --throttle --installations 5`).
 */
export function createAppOctokit(options: { timeoutMs?: number; throttle?: boolean } = {}): typeof ProbotOctokit {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
  type Defaults = Record<string, unknown> & { throttle?: object; request?: { fetch?: typeof fetch }; auth?: { installationId?: unknown } };
  return ProbotOctokit.defaults((defaults: Defaults) => {
    const installationId = defaults?.auth?.installationId;
    return {
      ...defaults,
      // Wraps a fetch given by a subclass (a test, the bench) rather than replacing it.
      request: { ...defaults?.request, fetch: fetchWithTimeout(timeoutMs, 'GitHub', defaults?.request?.fetch) },
      throttle: {
        ...defaults?.throttle,
        ...(typeof installationId === 'number' || typeof installationId === 'string' ? { id: String(installationId) } : {}),
        onSecondaryRateLimit: (_retryAfter: number, request: ThrottledRequest) => request.request.retryCount < MAX_RATE_LIMIT_RETRIES,
        // NANODEX_GITHUB_THROTTLE=off: a GitHub Enterprise Server with rate limits off, or a local fake (bench:scale).
        ...(options.throttle === false ? { enabled: false } : {}),
      },
    };
  });
}

export const AppOctokit = createAppOctokit();
