import { expect } from 'vitest';
import type { NanodexError } from '../../../src/core/errors.js';
import { TEST_KEY } from './tool-round-trip.js';

/** Neither the message, the hint nor anything in the cause chain holds the key or its last characters. */
export function expectNoKey(error: NanodexError): void {
  const seen: string[] = [error.message, error.hint ?? ''];
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    seen.push(cause.message, cause.stack ?? '', JSON.stringify(cause));
  }
  for (const text of seen) {
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain(TEST_KEY.slice(-12));
  }
}
