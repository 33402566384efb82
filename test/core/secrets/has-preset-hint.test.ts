import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasPresetHint } from '../../../src/core/secrets/has-preset-hint.js';
import { scanWithSecretlint } from '../../../src/core/secrets/scan-with-secretlint.js';
import { buildSecretCorpus, randomish } from '../../helpers/secret-corpus.js';

const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ234567';
const r = randomish;
const join = (...parts: string[]) => parts.join('');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64').replace(/=+$/, '');
/** A JSON object whose base64 ends in `fQ` (its closing brace alone in the last group), as the 1Password rule wants. */
function opsPayload(): string {
  let pad = '';
  while (JSON.stringify({ signInAddress: 'my.1password.com', secretKey: r('op', 60), pad }).length % 3 !== 1) pad += 'x';
  return b64({ signInAddress: 'my.1password.com', secretKey: r('op', 60), pad });
}
const pemKey = buildSecretCorpus().find((s) => s.name === 'RSA private key (PEM)')!.value;

/**
 * One text per rule of secretlint's recommended preset (13.0.7) that the rule reports, built from parts
 * at test time (nothing secret-shaped is committed). The preset runs only behind the sniff, so each
 * report below proves the sniff let that rule's shape through.
 */
const PRESET_SAMPLES: Record<string, string> = {
  'aws access key id': `key = "${join('AK', 'IA', r('aws-id', 16, UPPER))}"`,
  'aws secret access key': `aws_secret_access_key = +/${r('aws-secret', 38)}`,
  'aws account id': `aws_account_id = "${r('acct-1', 4, DIGITS)}-${r('acct-2', 4, DIGITS)}-${r('acct-3', 4, DIGITS)}"`,
  'gcp service account json': JSON.stringify({ type: 'service_account', private_key_id: r('kid', 40, HEX), private_key: pemKey }),
  npm: `token: ${join('np', 'm_', r('npm', 36))}`,
  'slack token': `t = "${join('xo', 'xb-', r('sl1', 12, DIGITS), '-', r('sl2', 13, DIGITS), '-', r('sl3', 24))}"`,
  'slack webhook': `url = "${join('https://hooks.', 'slack.com/services/T', r('w1', 10, UPPER), '/B', r('w2', 10, UPPER), '/', r('w3', 24))}"`,
  basicauth: `fetch("https://deploy:${r('ba', 14)}@build.example.net/api")`,
  'database connection string': `DATABASE = "postgres://app:${r('pg', 16)}@db.internal.net:5432/main"`,
  openai: `key = "${join('sk-', 'proj-', r('oa1', 74), 'T3Blbk', 'FJ', r('oa2', 74))}"`,
  anthropic: `key = "${join('sk-', 'ant-', 'api03-', r('an', 93), 'AA')}"`,
  groq: `key = "${join('gs', 'k_', r('gq', 52))}"`,
  huggingface: `key = "${join('hf', '_', r('hf', 34, LETTERS))}"`,
  linear: `key = "${join('lin', '_api_', r('ln', 40))}"`,
  notion: `key = "${join('nt', 'n_', r('nt1', 11, DIGITS), r('nt2', 35))}"`,
  privatekey: pemKey,
  sendgrid: `key = "${join('S', 'G.', r('sg1', 22), '.', r('sg2', 43))}"`,
  shopify: `key = "${join('shp', 'at_', r('sh', 32, HEX))}"`,
  stripe: `key = "${join('sk', '_live_', r('st', 24))}"`,
  github: `token = "${join('gh', 'p_', r('gh', 36))}"`,
  gitlab: `token = "${join('gl', 'pat-', r('gl', 20))}"`,
  grafana: `token = "${join('gl', 'sa_', r('gr1', 32), '_', r('gr2', 8, HEX))}"`,
  '1password': `token = "${join('op', 's_', opsPayload())}"`,
  'hashicorp vault': `token = "${join('hv', 's.', r('hv', 95))}"`,
  vercel: `token = "${join('vc', 'p_', r('vc', 40))}"`,
  databricks: `token = "${join('da', 'pi', r('db', 32, HEX))}"`,
  docker: `token = "${join('dck', 'r_pat_', r('dk', 27))}"`,
  figma: `token = "${join('fig', 'd_', r('fg', 48))}"`,
  cloudflare: `token = "${join('cf', 'ut_', r('cf1', 40), r('cf2', 8, HEX))}"`,
  tailscale: `key = "${join('ts', 'key-', 'auth-', r('ts1', 12), '-', r('ts2', 30))}"`,
};

describe('hasPresetHint', () => {
  describe('before the preset scans a text', () => {
    it.each(Object.entries(PRESET_SAMPLES))('lets the %s rule see what it reports', async (_rule, text) => {
      expect(hasPresetHint(text)).toBe(true);
      expect(await scanWithSecretlint(`def connect():\n    ${text}\n`)).not.toEqual([]);
    });
  });

  describe('on ordinary source code', () => {
    it('finds nothing to scan in a parser written without credentials', () => {
      const code = readFileSync(new URL('../../../src/core/code-index/build-chunks.ts', import.meta.url), 'utf8');
      expect(hasPresetHint(code)).toBe(false);
    });

    it('skips the preset there: no report, whatever the text says about tokens it holds', async () => {
      expect(await scanWithSecretlint('def tokenize(text):\n    return text.split()\n')).toEqual([]);
    });
  });

  describe('on words a rule names without its shape', () => {
    it.each([
      ['prose about accounts', 'Take into account that the user account may be closed.'],
      ['a secret named in code', 'def rotate(secret):\n    return secret[::-1]\n'],
      ['an access key in a comment', '# the secret access key lives in the vault, not here'],
    ])('finds nothing to scan in %s', (_case, text) => {
      expect(hasPresetHint(text)).toBe(false);
    });
  });

  describe('on a JSON object', () => {
    it('lets the preset read one with a private key field (a service-account key file is parsed whole)', () => {
      expect(hasPresetHint('  {"type": "service_account", "private_key": ""}')).toBe(true);
    });

    it('lets the preset read one whose keys are spelt with \\u escapes, and the preset reports it', async () => {
      const escaped = PRESET_SAMPLES['gcp service account json']!.replace(/"private_key/g, '"\\u0070rivate_key');
      expect(escaped).not.toContain('"private_key');
      expect(hasPresetHint(escaped)).toBe(true);
      expect(await scanWithSecretlint(escaped)).not.toEqual([]);
    });

    it("skips one with no key field (the CLI's own --json output)", () => {
      expect(hasPresetHint('{\n  "index": "/tmp/x.db",\n  "files": 3305,\n  "changed": 1\n}\n')).toBe(false);
    });

    it("skips the run metrics every --json output carries (planPath is not an access key id's ANPA)", () => {
      expect(hasPresetHint('{\n  "metrics": {\n    "planPath": "none",\n    "canvas": "paidAt"\n  }\n}\n')).toBe(false);
    });
  });

  describe('on an access key id prefix', () => {
    it('needs the capitals the rule needs', () => {
      expect(hasPresetHint(`id = "${join('AN', 'PA', r('aws-id', 16, UPPER))}"`)).toBe(true);
      expect(hasPresetHint('const anpa = planPath;')).toBe(false);
    });
  });
});
