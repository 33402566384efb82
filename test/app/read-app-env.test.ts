import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAppEnv, renderEnvProblems } from '../../src/app/read-app-env.js';
import { makeTempDir } from '../helpers/temp-repo.js';
import { PRIVATE_KEY } from './test-key.js';

const VALID = { APP_ID: '12345', PRIVATE_KEY, WEBHOOK_SECRET: 's3cret', NANODEX_DATA_DIR: '/var/lib/nanodex' };

describe('readAppEnv', () => {
  it('reads a complete environment, offline when no provider is set', () => {
    const read = readAppEnv(VALID);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.env).toMatchObject({
      appId: 12345,
      webhookSecret: 's3cret',
      dataDir: '/var/lib/nanodex',
      port: 3000,
      modelConfig: undefined,
    });
  });

  it("defaults to github.com's API, LOG_LEVEL info, a 30 s GitHub timeout, a 50 s call deadline and a 15 min job deadline", () => {
    const read = readAppEnv(VALID);
    expect(read.ok && read.env).toMatchObject({
      githubApiUrl: 'https://api.github.com',
      logLevel: 'info',
      githubTimeoutMs: 30_000,
      githubDeadlineMs: 50_000,
      jobDeadlineMs: 900_000,
    });
  });

  describe('the log format', () => {
    const formatOf = (env: Record<string, string>, stdoutIsTerminal: boolean) => {
      const read = readAppEnv({ ...VALID, ...env }, { stdoutIsTerminal });
      return read.ok ? read.env.logFormat : read.problems;
    };

    it('is JSON lines when stdout is not a terminal, or in production; pretty for a person at a terminal', () => {
      expect(formatOf({}, false)).toBe('json');
      expect(formatOf({ NODE_ENV: 'production' }, true)).toBe('json');
      expect(formatOf({}, true)).toBe('pretty');
    });

    it('is what LOG_FORMAT says when it is set', () => {
      expect(formatOf({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
      expect(formatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
    });

    it('names a LOG_FORMAT or LOG_LEVEL_IN_STRING it does not know, with the values it takes', () => {
      const read = readAppEnv({ ...VALID, LOG_FORMAT: 'logfmt' as never, LOG_LEVEL_IN_STRING: 'yes' as never });
      const text = read.ok ? '' : renderEnvProblems(read.problems);
      expect(text).toContain('LOG_FORMAT is "logfmt". Fix: use json (one JSON object a line) or pretty');
      expect(text).toContain('LOG_LEVEL_IN_STRING is "yes". Fix: use true');
    });
  });

  it('refuses a GitHub call deadline shorter than one attempt (NANODEX_GITHUB_DEADLINE_MS under NANODEX_GITHUB_TIMEOUT_MS)', () => {
    const read = readAppEnv({ ...VALID, NANODEX_GITHUB_TIMEOUT_MS: '30000', NANODEX_GITHUB_DEADLINE_MS: '10000' });
    const text = read.ok ? '' : renderEnvProblems(read.problems);
    expect(text).toContain('NANODEX_GITHUB_DEADLINE_MS is 10000, less than NANODEX_GITHUB_TIMEOUT_MS (30000)');
    // Unset, it follows a timeout raised past its default.
    const raised = readAppEnv({ ...VALID, NANODEX_GITHUB_TIMEOUT_MS: '90000' });
    expect(raised.ok && raised.env.githubDeadlineMs).toBe(90_000);
  });

  it('takes GITHUB_API_URL for GitHub Enterprise Server (trailing slash dropped) and the other settings', () => {
    const read = readAppEnv({
      ...VALID,
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      LOG_LEVEL: 'debug',
      NANODEX_GITHUB_TIMEOUT_MS: '5000',
      NANODEX_JOB_DEADLINE_MS: '60000',
    });
    expect(read.ok && read.env).toMatchObject({
      githubApiUrl: 'https://ghe.example.com/api/v3',
      logLevel: 'debug',
      githubTimeoutMs: 5000,
      jobDeadlineMs: 60_000,
    });
  });

  it('names a bad GITHUB_API_URL, LOG_LEVEL or timeout with its fix', () => {
    // Probot types LOG_LEVEL as its levels; the environment is any string.
    const read = readAppEnv({ ...VALID, GITHUB_API_URL: 'ftp://x', LOG_LEVEL: 'loud' as never, NANODEX_GITHUB_TIMEOUT_MS: '0' });
    expect(read.ok).toBe(false);
    const text = read.ok ? '' : renderEnvProblems(read.problems);
    expect(text).toContain('GITHUB_API_URL is "ftp://x", not an http(s) URL. Fix: remove it for https://api.github.com');
    expect(text).toContain('LOG_LEVEL is "loud". Fix: use one of trace, debug, info, warn, error, fatal, silent');
    expect(text).toContain('NANODEX_GITHUB_TIMEOUT_MS is "0", not a whole number of at least 1');
  });

  it("caps webhook payloads at GitHub's 25 MB unless NANODEX_MAX_PAYLOAD_BYTES says otherwise, and names a bad value", () => {
    expect(readAppEnv(VALID).ok && (readAppEnv(VALID) as { env: { maxPayloadBytes: number } }).env.maxPayloadBytes).toBe(25 * 1024 * 1024);
    expect(readAppEnv({ ...VALID, NANODEX_MAX_PAYLOAD_BYTES: '1000000' })).toMatchObject({ ok: true, env: { maxPayloadBytes: 1_000_000 } });
    const bad = readAppEnv({ ...VALID, NANODEX_MAX_PAYLOAD_BYTES: '25MB' });
    expect(bad.ok ? '' : renderEnvProblems(bad.problems)).toContain(
      'NANODEX_MAX_PAYLOAD_BYTES is "25MB", not a whole number of at least 1',
    );
  });

  it('reads the key from PRIVATE_KEY_PATH, and accepts a base64 key', () => {
    const file = path.join(makeTempDir(), 'app.pem');
    writeFileSync(file, PRIVATE_KEY);
    const fromPath = readAppEnv({ ...VALID, PRIVATE_KEY: undefined, PRIVATE_KEY_PATH: file });
    const fromBase64 = readAppEnv({ ...VALID, PRIVATE_KEY: Buffer.from(PRIVATE_KEY).toString('base64') });
    expect(fromPath.ok && fromPath.env.privateKey).toContain('BEGIN RSA PRIVATE KEY');
    expect(fromBase64.ok && fromBase64.env.privateKey).toContain('BEGIN RSA PRIVATE KEY');
  });

  it('reports every problem at once, each with its variable and a fix', () => {
    const read = readAppEnv({ APP_ID: 'Iv1.abc', PRIVATE_KEY: 'not a key', PORT: 'eighty', NANODEX_PROVIDER: 'openai' });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => p.variable)).toEqual(
      expect.arrayContaining(['APP_ID', 'PRIVATE_KEY', 'WEBHOOK_SECRET', 'NANODEX_DATA_DIR', 'PORT', 'model apiKey']),
    );
    const text = renderEnvProblems(read.problems);
    expect(text).toContain('APP_ID is "Iv1.abc", not a positive whole number');
    expect(text).toContain('Fix: set NANODEX_OPENAI_API_KEY');
  });

  it('builds a model config from the same variables as the CLI', () => {
    const read = readAppEnv({ ...VALID, NANODEX_PROVIDER: 'anthropic', NANODEX_ANTHROPIC_API_KEY: 'sk-ant-x' });
    expect(read.ok && read.env.modelConfig).toMatchObject({ provider: 'anthropic', apiKey: 'sk-ant-x' });
  });
});
