import { randomUUID } from 'node:crypto';
import { describeError, NanodexError } from '../errors.js';
import type { Logger } from '../ports.js';
import type { RunResult } from '../request.js';

export type Failure = Extract<RunResult, { kind: 'failed' }>;

/** A short id a person can quote and an operator can find in the log (8 hex characters: unique enough per deployment-day). */
export function newReferenceId(): string {
  return randomUUID().slice(0, 8);
}

/**
 * The one way an unexpected error becomes something a person is shown: the
 * whole error goes to the log under a new reference id; the reply gets a
 * message written for users (a NanodexError's, after `translate` has turned
 * a vendor error into one) or a generic line, never an internal message
 * that could name server paths.
 */
export function toFailure(
  error: unknown,
  options: {
    logger: Logger;
    /** The log line, e.g. 'review failed'. */
    log: string;
    fields?: Record<string, unknown>;
    /** Shown when the error is not one written for users. */
    fallback?: string;
    /** A vendor error (GitHub's, a model provider's) into a NanodexError, once, at the edge that knows it. */
    translate?: (error: unknown) => unknown;
  },
): Failure {
  const referenceId = newReferenceId();
  options.logger.error(options.log, { ...options.fields, referenceId, error: describeError(error) });
  const shown = options.translate ? options.translate(error) : error;
  const message = shown instanceof NanodexError ? describeError(shown) : (options.fallback ?? 'nanodex hit an unexpected error');
  return { kind: 'failed', message, referenceId };
}
