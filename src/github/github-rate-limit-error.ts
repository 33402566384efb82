import { NanodexError } from '../core/index.js';

/** GitHub said "not now" (403 with an exhausted quota, a secondary limit, or 429). */
export class GitHubRateLimitError extends NanodexError {
  /** When GitHub says a retry may succeed, if it said. */
  readonly resetAt: Date | undefined;

  constructor(what: string, resetAt: Date | undefined, options: { status: number; cause?: unknown }) {
    const when = resetAt === undefined ? 'GitHub did not say when it resets' : `it resets at ${resetAt.toISOString()}`;
    super('rate-limited', `GitHub rate limit hit (HTTP ${options.status}) while ${what}; ${when}`, {
      hint: 'wait until the reset time, or authenticate with a token (authenticated requests get 5,000 an hour, anonymous ones 60)',
      cause: options.cause,
    });
    this.name = 'GitHubRateLimitError';
    this.resetAt = resetAt;
  }
}
