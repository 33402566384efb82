import { describe, expect, it } from 'vitest';
import { readAppEnv } from '../../../src/app/read-app-env.js';
import { PRIVATE_KEY } from '../test-key.js';

const VALID = { APP_ID: '12345', PRIVATE_KEY, WEBHOOK_SECRET: 's3cret', NANODEX_DATA_DIR: '/var/lib/nanodex' };

function problemsOf(env: Record<string, string>): string[] {
  const read = readAppEnv({ ...VALID, ...env });
  return read.ok ? [] : read.problems.map((p) => `${p.variable} ${p.problem}. Fix: ${p.fix}`);
}

describe('readAppEnv: REDIS_URL and the scaled-out settings', () => {
  it('runs in one process when REDIS_URL is unset (redis undefined), with the GitHub throttle on', () => {
    const read = readAppEnv(VALID);
    expect(read.ok && read.env.redis).toBeUndefined();
    expect(read.ok && read.env.githubThrottle).toBe(true);
  });

  it('reads REDIS_URL with the defaults: 3 attempts, a 30 s job lock, a 60 s index lease, no global limit', () => {
    const read = readAppEnv({ ...VALID, REDIS_URL: 'redis://:pw@redis:6379/0' });
    expect(read.ok && read.env.redis).toEqual({
      url: 'redis://:pw@redis:6379/0',
      attempts: 3,
      lockMs: 30_000,
      globalConcurrency: undefined,
      indexLeaseMs: 60_000,
    });
  });

  it('reads the companions when they are whole numbers', () => {
    const read = readAppEnv({
      ...VALID,
      REDIS_URL: 'rediss://cache.example.com:6380',
      NANODEX_JOB_ATTEMPTS: '5',
      NANODEX_JOB_LOCK_MS: '10000',
      NANODEX_GLOBAL_CONCURRENCY: '8',
      NANODEX_INDEX_LEASE_MS: '90000',
    });
    expect(read.ok && read.env.redis).toMatchObject({ attempts: 5, lockMs: 10_000, globalConcurrency: 8, indexLeaseMs: 90_000 });
  });

  it('refuses a URL that is not redis:// or rediss://, without echoing its password', () => {
    const [problem] = problemsOf({ REDIS_URL: 'http://user:hunter2@redis:6379' });
    expect(problem).toMatch(/^REDIS_URL is .*not a redis:\/\/ or rediss:\/\/ URL with a host/);
    expect(problem).not.toContain('hunter2');
    expect(problem).toMatch(/Fix: set it like redis:\/\/redis:6379/);
  });

  it('refuses a database that is not a number, and companions below their minimum', () => {
    expect(problemsOf({ REDIS_URL: 'redis://redis:6379/cache' })).toEqual([expect.stringMatching(/REDIS_URL names database "cache"/)]);
    expect(problemsOf({ REDIS_URL: 'redis://redis', NANODEX_JOB_ATTEMPTS: '0', NANODEX_JOB_LOCK_MS: '10' })).toEqual([
      expect.stringMatching(/^NANODEX_JOB_ATTEMPTS is "0", not a whole number of at least 1/),
      expect.stringMatching(/^NANODEX_JOB_LOCK_MS is "10", not a whole number of at least 1000/),
    ]);
  });

  it('says the companions need REDIS_URL when they are set without it', () => {
    expect(problemsOf({ NANODEX_JOB_ATTEMPTS: '5' })).toEqual([expect.stringMatching(/^NANODEX_JOB_ATTEMPTS is set but REDIS_URL is not/)]);
  });

  it('reads NANODEX_GITHUB_THROTTLE on or off, and refuses anything else', () => {
    const read = readAppEnv({ ...VALID, NANODEX_GITHUB_THROTTLE: 'off' });
    expect(read.ok && read.env.githubThrottle).toBe(false);
    expect(problemsOf({ NANODEX_GITHUB_THROTTLE: 'no' })).toEqual([expect.stringMatching(/^NANODEX_GITHUB_THROTTLE is "no"/)]);
  });
});
