import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { fetchWithTimeout } from '../core/net/fetch-with-timeout.js';
import type { Logger } from '../core/ports.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';

/** Retries after a rate limit, primary or secondary, this many times; then the call fails and the step says why. */
const MAX_RATE_LIMIT_RETRIES = 2;

const ActionOctokit = Octokit.plugin(retry, throttling);
export type ActionOctokit = InstanceType<typeof ActionOctokit>;

/**
 * The Action's one Octokit: the step's token, the runner's API URL (GHES, or
 * a test server), a timeout on every call, and the retry and throttling plugins (the libraries that
 * do this well; Probot ships the same two for the App).
 */
export function createActionOctokit(options: { token: string; baseUrl: string; logger: Logger; throttle?: boolean; timeoutMs?: number }): ActionOctokit {
  const { logger } = options;
  const onLimit = (kind: string) => (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
    logger.warn(`GitHub ${kind} rate limit`, { method: request.method, url: request.url, retryAfter, retryCount });
    return retryCount < MAX_RATE_LIMIT_RETRIES;
  };
  return new ActionOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: 'nanodex-action',
    // A GitHub that accepts the connection and never answers fails the step (with its summary) instead of hanging it.
    request: { fetch: fetchWithTimeout(options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS, 'GitHub') },
    throttle: options.throttle === false
      ? { enabled: false }
      : { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
    retry: options.throttle === false ? { enabled: false } : {},
  });
}
