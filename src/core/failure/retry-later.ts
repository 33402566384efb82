import { describeError, NanodexError } from '../errors.js';

/** Says whether a failure is worth another attempt later (GitHub 5xx, a network error, a model timeout): a front's rule. */
export type IsRetryable = (error: unknown) => boolean;

/**
 * Thrown instead of a failure reply when the front that runs the flow will
 * run it again (a durable queue with attempts left): the person sees no
 * failure for a blip, and the retry updates the same sticky comments.
 */
export class RetryLaterError extends NanodexError {
  constructor(cause: unknown) {
    super('retry-later', `a transient failure, to be retried: ${describeError(cause)}`, { cause });
    this.name = 'RetryLaterError';
  }
}

/**
 * At every place a flow turns an error into a failure reply: rethrows a
 * RetryLaterError, and turns a retryable error into one. Without `retryable`
 * (the in-process queue, the Action, the CLI) nothing is retried and the
 * flow replies as it always did.
 */
export function throwIfRetryable(error: unknown, retryable: IsRetryable | undefined): void {
  if (error instanceof RetryLaterError) throw error;
  if (retryable?.(error)) throw new RetryLaterError(error);
}
