/**
 * What helpers undo after each test: temporary folders removed, indexes
 * closed. Helpers register here instead of calling afterEach at import time:
 * with `isolate: false` (the unit project in vitest.config.ts) a helper module
 * is evaluated once per worker, so a hook it registered would run only in the
 * first test file that imported it. test/setup/run-test-cleanups.ts, a setup
 * file (run before every test file in every project), runs them.
 */
const cleanups: (() => void)[] = [];

/** Runs `cleanup` once the current test (or the hook that calls this) is over; the latest registered runs first. */
export function cleanUpAfterTest(cleanup: () => void): void {
  cleanups.push(cleanup);
}

/** Runs and forgets every registered cleanup, newest first: an index is closed before its folder is removed. */
export function runTestCleanups(): void {
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} test cleanup(s) failed`);
}
