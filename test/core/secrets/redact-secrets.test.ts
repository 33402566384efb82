import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, redactSecretsCounted } from '../../../src/core/secrets/redact-secrets.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildDotEnv, buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();

/** Where a secret sits: the ways it reaches text nanodex shows. */
const PLACES: Record<string, (code: string) => string> = {
  'in code': (code) => `function connect() {\n  ${code.split('\n').join('\n  ')}\n}`,
  'in a comment': (code) =>
    code
      .split('\n')
      .map((l) => `// ${l}`)
      .join('\n'),
  'in a diff under review': (code) =>
    code
      .split('\n')
      .map((l) => `+${l}`)
      .join('\n'),
  'in model output': (code) => `The connection is set up here:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nso that is where to look.`,
  'in JSON output': (code) => JSON.stringify({ snippet: code }, null, 2),
};

describe('redactSecrets', () => {
  describe.each(Object.entries(PLACES))('with each kind of secret %s', (_place, put) => {
    it.each(corpus.map((s) => [s.name, s] as const))('leaves no trace of a %s', async (_name, secret) => {
      const text = put(secret.inCode);
      expect(findLeaks(text, [secret])).toEqual([secret.name]);
      const out = await redactSecrets(text);
      expect(findLeaks(out, [secret])).toEqual([]);
      expect(out).toContain(REDACTED);
    });
  });

  it('redacts every value of a .env file and keeps its names and ordinary settings', async () => {
    const out = await redactSecrets(buildDotEnv(corpus));
    expect(findLeaks(out, corpus)).toEqual([]);
    expect(out).toContain('NODE_ENV=development\nPORT=3000');
    expect(out).toContain(`DB_PASSWORD=${REDACTED}`);
    expect(out).toContain(`AWS_SECRET_ACCESS_KEY=${REDACTED}`);
  });

  it('keeps the line breaks of a key it removes, so line numbers still hold', async () => {
    const key = corpus.find((s) => s.name === 'RSA private key (PEM)')!.value;
    const text = `line 1\n${key}\nlast line`;
    const out = await redactSecrets(text);
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out.split('\n').at(-1)).toBe('last line');
  });

  it('redacts a key quoted only in part, with no END line', async () => {
    const key = corpus.find((s) => s.name === 'RSA private key (PEM)')!.value;
    const cut = key.split('\n').slice(0, 4).join('\n');
    expect(findLeaks(await redactSecrets(`Here is the start:\n${cut}\n(truncated)`), corpus)).toEqual([]);
  });

  it('cannot be switched off by a secretlint-disable comment in the text', async () => {
    const token = corpus.find((s) => s.name === 'GitHub token ghp_')!;
    const text = `// secretlint-disable\n${token.inCode}\n// secretlint-disable-line ${token.value}`;
    expect(findLeaks(await redactSecrets(text), [token])).toEqual([]);
  });

  it('redacts the password of a URL whose user has the same name', async () => {
    expect(await redactSecrets('redis://ops4x9:ops4x9@cache:6379')).toBe('redis://ops4x9:[redacted]@cache:6379');
  });

  it('changes nothing the second time', async () => {
    for (const secret of corpus) {
      const once = await redactSecrets(secret.inCode);
      expect(await redactSecrets(once)).toBe(once);
    }
  });

  it('counts the secrets it replaced', async () => {
    const text = corpus
      .filter((s) => s.name.startsWith('GitHub token'))
      .map((s) => s.inCode)
      .join('\n');
    expect((await redactSecretsCounted(text)).count).toBe(5);
  });

  it.each([
    ['a password read from the environment', 'const password = process.env.DB_PASSWORD;'],
    ['a placeholder', 'password = "changeme"'],
    ['a template value', 'token: ${{ secrets.GITHUB_TOKEN }}'],
    ['a type annotation', '  password: string;'],
    ['a variable passed on', 'apiKey = config.apiKey'],
    ['an environment variable name', "const TOKEN_ENV = 'GITHUB_TOKEN';"],
    ['a version range in a manifest', '"@octokit/auth-token": "^6.0.0",'],
    ['a URL without a password', 'see https://user@example.com/path and https://example.com'],
    ['the AWS documentation example key', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE'],
    ['a JWT-looking word that is not one', 'eyJhbGciOi is how every JWT starts'],
    ['a key marker with no key after it', 'if (text.includes("-----BEGIN RSA PRIVATE KEY-----")) skip();'],
    ['a property typed in an interface', '  endToken: CSSToken;'],
    ['a field of a typed array', '  privateKey: Uint8ArrayBuffer;'],
    ['an export', 'exports.isSASCredential = isSASCredential;'],
    ['an elided key in documentation', ' *   secretsMap: { OPENAI_API_KEY: "sk-..." }'],
    ['a made-up value in a README', '  clientSecret: "1234567890abcdef12341234567890abcdef1234",'],
    ['a state name in a tokenizer', 'lastSignificantToken = "?InterpolationInTemplate";'],
    ['a type named like a 40-character AWS secret', 'secret_access_key: SandboxesSandboxAwsMountStaticAuthConfig.SecretAccessKey;'],
    [
      'two constants naming the key markers',
      'var pkcs1Begin = "-----BEGIN RSA PRIVATE KEY-----";\nvar pkcs1End = "-----END RSA PRIVATE KEY-----";',
    ],
  ])('leaves ordinary code alone: %s', async (_what, line) => {
    expect(await redactSecrets(line)).toBe(line);
  });
});

describe('redactSecrets over a long run', () => {
  it('leaves no profiling marks behind (the App redacts for weeks)', async () => {
    const { performance } = await import('node:perf_hooks');
    for (let i = 0; i < 50; i += 1) await redactSecrets(`line ${i}: ${corpus[i % corpus.length]!.inCode}`);
    expect(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('@core>'))).toEqual([]);
  });
});
