import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
import { toFailure } from '../../../src/core/failure/to-failure.js';
import { recordingLogger } from '../../helpers/explore-fixture.js';

describe('toFailure', () => {
  it("shows a NanodexError's message and hint, and logs the whole error under the same reference id", () => {
    const logger = recordingLogger();
    const failure = toFailure(new NanodexError('repo-not-found', 'no such repository', { hint: 'check the name' }), {
      logger,
      log: 'job failed',
      fields: { repo: 'o/r' },
    });

    expect(failure).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('no such repository'),
      referenceId: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(logger.lines).toEqual([
      { level: 'error', message: 'job failed', fields: expect.objectContaining({ repo: 'o/r', referenceId: failure.referenceId }) },
    ]);
  });

  it('never shows an internal message: it may name server paths', () => {
    const failure = toFailure(new TypeError("Cannot read properties of undefined (reading 'x') at /srv/app/x.js"), {
      logger: recordingLogger(),
      log: 'x',
      fallback: 'nanodex could not read the pull request',
    });
    expect(failure.message).toBe('nanodex could not read the pull request');
  });

  it('shows a vendor error once an edge has translated it', () => {
    const failure = toFailure(Object.assign(new Error('HTTP 404'), { status: 404 }), {
      logger: recordingLogger(),
      log: 'x',
      translate: () => new NanodexError('repo-not-found', 'GitHub has no repository o/r'),
    });
    expect(failure.message).toContain('GitHub has no repository o/r');
  });
});
