import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findTooDeep } from '../../src/app/find-too-deep.js';
import { DEFAULT_MAX_PAYLOAD_BYTES, getPayloadLimit } from '../../src/app/payload-limits.js';
import { isSignatureValid } from '../../src/app/is-signature-valid.js';

const require = createRequire(import.meta.url);
const EXAMPLES = require('@octokit/webhooks-examples') as { name: string; examples: unknown[] }[];

describe('getPayloadLimit', () => {
  it("lets every one of GitHub's example payloads through, for every event", () => {
    for (const { name, examples } of EXAMPLES) {
      const limit = getPayloadLimit(name, DEFAULT_MAX_PAYLOAD_BYTES);
      for (const example of examples) {
        const bytes = Buffer.from(JSON.stringify(example));
        expect(bytes.length, name).toBeLessThanOrEqual(limit.bytes);
        expect(findTooDeep(bytes, limit.depth), name).toBeUndefined();
      }
    }
  });

  it('caps a mention far under 25 MB, and nothing over the overall cap', () => {
    expect(getPayloadLimit('issue_comment', DEFAULT_MAX_PAYLOAD_BYTES)).toEqual({ bytes: 1024 * 1024, depth: 16 });
    expect(getPayloadLimit('push', DEFAULT_MAX_PAYLOAD_BYTES).bytes).toBe(DEFAULT_MAX_PAYLOAD_BYTES);
    expect(getPayloadLimit('issue_comment', 1000).bytes).toBe(1000);
  });

  it('treats names from the prototype like any unknown event', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(getPayloadLimit(name, 2000)).toEqual({ bytes: 2000, depth: 32 });
    }
  });
});

describe('isSignatureValid', () => {
  const signed = (bytes: Uint8Array) => `sha256=${require('node:crypto').createHmac('sha256', 'k').update(bytes).digest('hex') as string}`;

  it('checks the bytes as received, so a body that is not UTF-8 still verifies', () => {
    const body = new Uint8Array([0x7b, 0xff, 0x7d]);
    expect(isSignatureValid('k', body, signed(body))).toBe(true);
    expect(isSignatureValid('k', Buffer.from(Buffer.from(body).toString('utf8')), signed(body))).toBe(false);
  });

  it('refuses an empty, short, upper-case or other-secret signature without throwing', () => {
    const body = Buffer.from('{}');
    for (const signature of ['', 'sha256=', signed(body).toUpperCase(), `${signed(body)}0`, 'sha1=00']) {
      expect(isSignatureValid('k', body, signature)).toBe(false);
    }
    expect(isSignatureValid('other', body, signed(body))).toBe(false);
    expect(isSignatureValid('k', Buffer.alloc(0), signed(Buffer.alloc(0)))).toBe(true);
  });
});
