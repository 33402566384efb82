import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../../src/core/index.js';
import { isTransientFailure } from '../../../src/app/scale/is-transient-failure.js';
import { GitHubDeadlineError } from '../../../src/github/limit-github-calls.js';

const withStatus = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('isTransientFailure (which failures a Redis worker retries)', () => {
  it('retries GitHub or model 5xx and 429, anywhere along the cause chain', () => {
    expect(isTransientFailure(withStatus(502))).toBe(true);
    expect(isTransientFailure(withStatus(429))).toBe(true);
    const translated = new NanodexError('github-request-failed', 'GitHub answered HTTP 503', { cause: withStatus(503) });
    expect(isTransientFailure(new Error('the model call failed', { cause: translated }))).toBe(true);
  });

  it('retries network failures and timeouts', () => {
    expect(isTransientFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(
      true,
    );
    expect(isTransientFailure(new DOMException('GitHub did not answer within 30000 ms', 'TimeoutError'))).toBe(true);
    expect(isTransientFailure(new NanodexError('github-unreachable', 'could not reach GitHub'))).toBe(true);
    expect(isTransientFailure(new NanodexError('index-busy', 'another worker is indexing'))).toBe(true);
  });

  it('does not retry a GitHub call that used up its deadline: its own retries already ran, and the person is told at once', () => {
    const stalled = new GitHubDeadlineError(50_000, 'GET /repos/{owner}/{repo}/contents/{path}');
    expect(isTransientFailure(stalled)).toBe(false);
    expect(
      isTransientFailure(new NanodexError('github-request-failed', `reading the config failed: ${stalled.message}`, { cause: stalled })),
    ).toBe(false);
  });

  it("does not retry the user's or the repository's errors", () => {
    expect(isTransientFailure(withStatus(404))).toBe(false);
    expect(isTransientFailure(withStatus(422))).toBe(false);
    expect(isTransientFailure(new NanodexError('tarball-too-large', 'over the cap'))).toBe(false);
    expect(isTransientFailure(new NanodexError('github-request-failed', 'HTTP 403', { cause: withStatus(403) }))).toBe(false);
    expect(isTransientFailure(new Error('unexpected'))).toBe(false);
    expect(isTransientFailure(undefined)).toBe(false);
  });
});
