import { NanodexError, type Clock } from '../core/index.js';
import { GitHubRateLimitError } from './github-rate-limit-error.js';
import { statusOf } from './status-of.js';

/** What Octokit's RequestError carries that we use; checked by shape so no second copy of the class can fool `instanceof`. */
interface RequestErrorShape {
  status: number;
  message: string;
  response?: { headers: Record<string, string | number | undefined>; data?: unknown };
}

export interface ErrorContext {
  /** What was being done, for the message: "reading src/a.ts from o/r@main". */
  what: string;
  /** The code a 404 becomes: a missing file is a known gap, a missing repository is fatal. */
  notFoundCode: 'file-not-found' | 'repo-not-found' | 'ref-not-found' | 'issue-not-found' | 'pull-request-not-found' | 'comment-not-found';
  clock: Clock;
  /** How to fix a 403 that is not a rate limit; the default names read access to contents (what indexing needs). */
  forbiddenHint?: string;
}

/**
 * The one place Octokit errors become NanodexErrors. Messages name the
 * operation and the status and never the request headers (Octokit already
 * redacts the token in its `request` copy, kept as `cause`).
 */
export function toNanodexError(error: unknown, context: ErrorContext): NanodexError {
  if (error instanceof NanodexError) return error;
  if (!isRequestError(error)) {
    return new NanodexError('github-request-failed', `${context.what} failed: ${describe(error)}`, { cause: error });
  }
  const { status } = error;
  const headers = error.response?.headers ?? {};
  if (status === 429 || (status === 403 && isRateLimit(error, headers))) {
    return new GitHubRateLimitError(context.what, findResetAt(headers, context.clock), { status, cause: error });
  }
  if (status === 401) {
    return new NanodexError('unauthorized', `GitHub refused the credentials (HTTP 401) while ${context.what}`, {
      hint: 'check that the token is valid and not expired (App installation tokens last one hour)',
      cause: error,
    });
  }
  if (status === 403) {
    return new NanodexError('forbidden', `GitHub denied access (HTTP 403) while ${context.what}`, {
      hint: context.forbiddenHint ?? 'give the token or the App read access to this repository (permission "contents: read")',
      cause: error,
    });
  }
  if (status === 404) {
    return new NanodexError(context.notFoundCode, `not found (HTTP 404) while ${context.what}`, {
      hint:
        context.notFoundCode === 'repo-not-found'
          ? 'check the owner, name and ref; a private repository needs a token with access to it'
          : undefined,
      cause: error,
    });
  }
  if (error.response === undefined) {
    return new NanodexError('github-unreachable', `could not reach GitHub while ${context.what}: ${describe(error)}`, {
      hint: 'check the network connection and the GitHub API URL',
      cause: error,
    });
  }
  return new NanodexError('github-request-failed', `GitHub answered HTTP ${status} while ${context.what}: ${describe(error)}`, {
    cause: error,
  });
}

function isRequestError(error: unknown): error is RequestErrorShape {
  return statusOf(error) !== undefined;
}

function isRateLimit(error: RequestErrorShape, headers: Record<string, string | number | undefined>): boolean {
  return String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined || /rate limit/i.test(error.message);
}

/** retry-after (seconds from now) wins over x-ratelimit-reset (epoch seconds), as GitHub's docs order them. */
function findResetAt(headers: Record<string, string | number | undefined>, clock: Clock): Date | undefined {
  const retryAfter = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter)) return new Date(clock.now() + retryAfter * 1000);
  const reset = Number(headers['x-ratelimit-reset']);
  if (headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset)) return new Date(reset * 1000);
  return undefined;
}

// A lower layer's message may echo request headers (a mock library, a proxy): blank any credential in it.
// Token-shaped secrets elsewhere in it are redacted where the message is shown (src/core/secrets).
const CREDENTIAL = /((?:authorization|x-api-key|token)["']?\s*[:=]\s*["']?)(?:(?:token|bearer|basic)\s+)?[^\s"',}]+/gi;

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(CREDENTIAL, '$1[redacted]').slice(0, 300);
}
