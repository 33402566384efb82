import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { fetchWithTimeout, type Logger } from '../core/index.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from './github-timeout.js';

/** Retries after a rate limit, primary or secondary, this many times; then the call fails and the step says why. */
const MAX_RATE_LIMIT_RETRIES = 2;

const RestOctokit = Octokit.plugin(retry, throttling);
export type RestOctokit = InstanceType<typeof RestOctokit>;

/**
 * The Octokit of the Action (the step's token, the runner's API URL: GHES,
 * or a test server) and of the CLI's GitHub URLs: a timeout on every call,
 * and the retry and throttling plugins (the libraries that do this well;
 * Probot ships the same two for the App). `throttle: false` turns both off.
 */
export function createRestOctokit(options: {
  token: string | undefined;
  baseUrl?: string;
  userAgent: string;
  logger: Logger;
  throttle?: boolean;
  timeoutMs?: number;
}): RestOctokit {
  const { logger } = options;
  const onLimit =
    (kind: string) => (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      logger.warn(`GitHub ${kind} rate limit`, { method: request.method, url: request.url, retryAfter, retryCount });
      return retryCount < MAX_RATE_LIMIT_RETRIES;
    };
  return new RestOctokit({
    auth: options.token,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    userAgent: options.userAgent,
    // A GitHub that accepts the connection and never answers fails the step (with its summary) instead of hanging it.
    request: { fetch: fetchWithTimeout(options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS, 'GitHub') },
    throttle:
      options.throttle === false ? { enabled: false } : { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
    retry: options.throttle === false ? { enabled: false } : {},
  });
}
