import { describe, expect, it } from 'vitest';
import { BlobCache } from '../../src/github/blob-cache.js';

function fetcher(calls: boolean[], size = 10): (charge: boolean) => Promise<Buffer> {
  return async (charge) => {
    calls.push(charge);
    return Buffer.alloc(size);
  };
}

describe('BlobCache', () => {
  it('fetches a sha once, also when asked concurrently', async () => {
    const cache = new BlobCache(100);
    const calls: boolean[] = [];
    await Promise.all([cache.get('a', fetcher(calls)), cache.get('a', fetcher(calls))]);
    await cache.get('a', fetcher(calls));
    expect(calls).toEqual([true]);
  });

  describe('when it holds more than its byte cap', () => {
    it('drops the oldest blob and refetches it uncharged', async () => {
      const cache = new BlobCache(25);
      const calls: boolean[] = [];
      await cache.get('a', fetcher(calls));
      await cache.get('b', fetcher(calls));
      await cache.get('c', fetcher(calls)); // 30 bytes: 'a' goes
      await cache.get('b', fetcher(calls)); // still there
      await cache.get('a', fetcher(calls)); // fetched again, not charged again
      expect(calls).toEqual([true, true, true, false]);
    });
  });

  it('forgets a failed fetch, so the next read tries again (and charges it)', async () => {
    const cache = new BlobCache(100);
    const calls: boolean[] = [];
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await cache.get('a', fetcher(calls));
    expect(calls).toEqual([true]);
  });
});
