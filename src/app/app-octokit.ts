import { ProbotOctokit } from 'probot';
import { fetchWithTimeout } from '../core/index.js';
import { DEFAULT_GITHUB_DEADLINE_MS, DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';
import { extendGitHubDeadline, limitGitHubCalls } from '../github/limit-github-calls.js';

/** Retries after a rate limit, as GitHub's docs ask (wait, then try again), before a job gives up and says so. */
const MAX_RATE_LIMIT_RETRIES = 2;

interface ThrottledRequest {
  request: { retryCount: number; signal?: unknown };
  method: string;
  url: string;
}

interface LoggingOctokit {
  log: { warn(message: string): void };
}

/**
 * Probot's octokit, with secondary rate limits (GitHub's 403/429 "You have
 * exceeded a secondary rate limit") retried like primary ones: Probot's own
 * handler only logs them, which would turn a burst of comments into failures.
 * Every request has a timeout (fetchWithTimeout), and every call a deadline,
 * its retries and installation token included (limitGitHubCalls, which also
 * keeps the token from being retried inside each retried call): a GitHub that
 * accepts the connection and never answers fails the job within it instead
 * of hanging it. A rate-limit wait pushes the deadline back by its length.
 * The function form is needed: Probot replaces plain throttle defaults.
 *
 * Writes are paced per installation, as GitHub counts them. Probot keys the
 * throttling plugin's limiters by installation only in `app.auth(id)`; the
 * octokit a webhook handler gets (octokit-auth-probot's event octokit) has
 * no key, so every installation shared one bucket: one write a second and
 * one new comment every 3 s for the whole App (found measuring
 * `npm run bench:app -- --throttle --installations 5`).
 */
export function createAppOctokit(options: { timeoutMs?: number; deadlineMs?: number; throttle?: boolean } = {}): typeof ProbotOctokit {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
  type Defaults = Record<string, unknown> & { throttle?: object; request?: { fetch?: typeof fetch }; auth?: { installationId?: unknown } };
  const limited = ProbotOctokit.plugin(
    limitGitHubCalls({ deadlineMs: options.deadlineMs ?? DEFAULT_GITHUB_DEADLINE_MS }) as Parameters<typeof ProbotOctokit.plugin>[0],
  );
  return limited.defaults((defaults: Defaults) => {
    const installationId = defaults?.auth?.installationId;
    return {
      ...defaults,
      // Wraps a fetch given by a subclass (a test, the bench) rather than replacing it.
      request: { ...defaults?.request, fetch: fetchWithTimeout(timeoutMs, 'GitHub', defaults?.request?.fetch) },
      throttle: {
        ...defaults?.throttle,
        ...(typeof installationId === 'number' || typeof installationId === 'string' ? { id: String(installationId) } : {}),
        onRateLimit: (retryAfter: number, request: ThrottledRequest, octokit: LoggingOctokit) => {
          extendGitHubDeadline(request.request.signal, retryAfter * 1000);
          octokit.log.warn(`Rate limit hit with "${request.method} ${request.url}", retrying in ${retryAfter} seconds.`);
          return true;
        },
        onSecondaryRateLimit: (retryAfter: number, request: ThrottledRequest) => {
          const retry = request.request.retryCount < MAX_RATE_LIMIT_RETRIES;
          if (retry) extendGitHubDeadline(request.request.signal, retryAfter * 1000);
          return retry;
        },
        // NANODEX_GITHUB_THROTTLE=off: a GitHub Enterprise Server with rate limits off, or a local fake (bench:scale).
        ...(options.throttle === false ? { enabled: false } : {}),
      },
    };
  }) as typeof ProbotOctokit;
}

export const AppOctokit = createAppOctokit();
