import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
import { redactCredentials, redactKey, toSafeError } from '../../../src/core/llm/redact.js';
import { toModelError } from '../../../src/core/llm/to-model-error.js';

const OPAQUE_KEY = 'f3a9c1d27be84e0fa6d5'; // not token-shaped: only redactKey can find it

describe('redactKey', () => {
  it('replaces every occurrence of the key', () => {
    expect(redactKey(`key=${OPAQUE_KEY}, again ${OPAQUE_KEY}`, OPAQUE_KEY)).toBe('key=[redacted], again [redacted]');
  });

  it('leaves text alone when there is no key or only a placeholder', () => {
    expect(redactKey('a b c', undefined)).toBe('a b c');
    expect(redactKey('a b c', 'a')).toBe('a b c');
  });
});

describe('redactCredentials', () => {
  it.each([
    ['Authorization: Bearer abcdefghijklmnop', 'Authorization: [redacted]'],
    ['{"authorization":"Bearer abcdefghijklmnop"}', '{"authorization":"[redacted]"}'],
    ["headers: { 'x-api-key': 'abcdefghijklmnop' }", "headers: { 'x-api-key': '[redacted]' }"],
    ['apiKey=abcdefghijklmnop&x=1', 'apiKey=[redacted]&x=1'],
    ['Incorrect API key provided: sk-proj-****************abcd.', 'Incorrect API key provided: [redacted].'],
  ])('strips %j', (text, expected) => {
    expect(redactCredentials(text)).toBe(expected);
  });

  it('keeps ordinary error text', () => {
    expect(redactCredentials('invalid x-api-key; authorization failed')).toBe('invalid x-api-key; authorization failed');
  });

  it('strips the given keys even when they do not look like tokens', () => {
    expect(redactCredentials(`got ${OPAQUE_KEY}`, [OPAQUE_KEY])).toBe('got [redacted]');
  });
});

describe('toSafeError', () => {
  class AuthenticationError extends Error {
    status = 401;
    requestID = 'req_1';
    headers = { authorization: `Bearer ${OPAQUE_KEY}` };
    error = { message: `bad ${OPAQUE_KEY}` };
  }

  it('keeps the class name, status and request id, and drops headers and bodies', () => {
    const safe = toSafeError(new AuthenticationError(`401 bad key ${OPAQUE_KEY}`), [OPAQUE_KEY]);
    expect(safe).toMatchObject({ name: 'AuthenticationError', message: '401 bad key [redacted]', status: 401, requestID: 'req_1' });
    expect(safe).not.toHaveProperty('headers');
    expect(safe).not.toHaveProperty('error');
    expect(safe.stack).not.toContain(OPAQUE_KEY);
  });

  it('scrubs the whole cause chain', () => {
    const error = new Error('outer', { cause: new TypeError(`inner ${OPAQUE_KEY}`, { cause: `root ${OPAQUE_KEY}` }) });
    const safe = toSafeError(error, [OPAQUE_KEY]);
    expect(safe.cause).toMatchObject({ name: 'TypeError', message: 'inner [redacted]', cause: { message: 'root [redacted]' } });
  });
});

describe('toModelError', () => {
  const config = { provider: 'openai' as const, model: 'gpt-4o-mini', apiKey: OPAQUE_KEY };

  it('passes a NanodexError through untouched, so errors are translated once', () => {
    const original = new NanodexError('budget-exceeded', 'too many tokens');
    expect(toModelError(original, config)).toBe(original);
  });

  it('translates anything thrown, keeping a scrubbed cause', () => {
    const error = toModelError(`socket said ${OPAQUE_KEY}`, config);
    expect(error.message).toBe('model request to openai (gpt-4o-mini) failed: socket said [redacted]');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('hints at the network when the connection fails', () => {
    const error = toModelError(
      new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }),
      {
        provider: 'ollama',
      },
    );
    expect(error.hint).toBe('could not reach http://127.0.0.1:11434: check the network and baseUrl (is `ollama serve` running?)');
  });

  it('hints at the quota on 429', () => {
    expect(toModelError(Object.assign(new Error('429 Rate limit reached'), { status: 429 }), config).hint).toMatch(/^rate limited/);
  });
});
