import { generateKeyPairSync } from 'node:crypto';

/**
 * Fake secrets in the shapes real ones have, built from parts at test time:
 * nothing secret-shaped is committed (GitHub push protection would refuse a
 * realistic token in a file), and the private keys are fresh, used nowhere.
 * Each `value` is what must never appear in anything nanodex posts.
 */
export interface CorpusSecret {
  name: string;
  /** The secret itself. */
  value: string;
  /** A line (or block) of code or config that holds it. */
  inCode: string;
  /**
   * Whether the value alone says it is a secret (a key block, `ghp_…`, `AKIA…`). A password or a
   * 40-character AWS secret is an ordinary string without its name: no scanner can find it bare, so
   * nanodex keeps it from the model instead (the model cannot repeat what it never saw).
   */
  selfEvident: boolean;
}

/** A deterministic mix of letters and digits: `length` characters from a seed. */
export function randomish(seed: string, length: number, alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
  let out = '';
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  while (out.length < length) {
    h = Math.imul(h ^ (out.length + 7), 16777619) >>> 0;
    out += alphabet[h % alphabet.length];
  }
  return out;
}

const join = (...parts: string[]) => parts.join('');

function pem(type: 'rsa' | 'ec' | 'ed25519', format: 'pkcs1' | 'sec1' | 'pkcs8'): string {
  const { privateKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 1024 })
      : type === 'ec'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('ed25519');
  return privateKey.export({ type: format, format: 'pem' }).toString().trimEnd();
}

/** An OpenSSH-format key: the real header and magic, fake key bytes (the shape is what matters). */
function openSshKey(): string {
  const body = Buffer.concat([Buffer.from('openssh-key-v1\0none\0none\0'), Buffer.from(randomish('openssh', 300))]).toString('base64');
  const lines = body.match(/.{1,70}/g)!;
  return [join('-----BEGIN ', 'OPENSSH PRIVATE KEY-----'), ...lines, join('-----END ', 'OPENSSH PRIVATE KEY-----')].join('\n');
}

/** A PGP armoured private key block: header lines, a blank line, base64, a checksum. */
function pgpKey(): string {
  const body = Buffer.from(randomish('pgp', 400))
    .toString('base64')
    .match(/.{1,64}/g)!;
  return [
    join('-----BEGIN PGP ', 'PRIVATE KEY BLOCK-----'),
    'Version: GnuPG v2',
    'Comment: test key',
    '',
    ...body,
    '=' + randomish('crc', 4),
    join('-----END PGP ', 'PRIVATE KEY BLOCK-----'),
  ].join('\n');
}

/** The corpus every test and the bench draw from: each kind the issue names, with the code that holds it. */
export function buildSecretCorpus(): CorpusSecret[] {
  const rsa = pem('rsa', 'pkcs1');
  const ec = pem('ec', 'sec1');
  const ed = pem('ed25519', 'pkcs8');
  const ssh = openSshKey();
  const pgp = pgpKey();
  const akid = join('AKIA', randomish('akid', 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'));
  const awsSecret = randomish('aws-secret', 40, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+');
  const gh = (prefix: string) => join(prefix, '_', randomish(prefix, 36));
  const pat = join('github', '_pat_', '11', randomish('pat1', 20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), '_', randomish('pat2', 59));
  const slack = join('xo', 'xb-', '1234567890', '12-', '1234567890123-', randomish('slack', 24));
  const slackHook = join(
    'https://hooks.slack.com/',
    'services/T',
    randomish('t', 8, 'ABCDEFGHIJ0123456789'),
    '/B',
    randomish('b', 8, 'ABCDEFGHIJ0123456789'),
    '/',
    randomish('hook', 24),
  );
  const stripe = join('sk', '_live_', randomish('stripe', 24));
  const google = join('AI', 'za', randomish('google', 35));
  const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const jwt = [
    b64url({ alg: 'HS256', typ: 'JWT' }),
    b64url({ sub: 'user-42', name: 'Ada', iat: 1763683200 }),
    randomish('jwt-signature', 43),
  ].join('.');
  const urlPassword = join('S3c', randomish('url-pass', 10), '!9');
  const assigned = join('Tr0ub4', randomish('assigned', 8), '&3');
  const envPassword = join('pg', randomish('env-pass', 14), '7');
  const envToken = join('tok', randomish('env-token', 20), '1');
  return [
    { name: 'RSA private key (PEM)', value: rsa, inCode: rsa, selfEvident: true },
    { name: 'EC private key (SEC1)', value: ec, inCode: ec, selfEvident: true },
    { name: 'ed25519 private key (PKCS#8)', value: ed, inCode: ed, selfEvident: true },
    { name: 'OpenSSH private key', value: ssh, inCode: ssh, selfEvident: true },
    { name: 'PGP private key block', value: pgp, inCode: pgp, selfEvident: true },
    { name: 'AWS access key id', value: akid, inCode: `aws_access_key_id = ${akid}`, selfEvident: true },
    { name: 'AWS secret access key', value: awsSecret, inCode: `aws_secret_access_key = ${awsSecret}`, selfEvident: false },
    ...['ghp', 'gho', 'ghu', 'ghs', 'ghr'].map((p) => ({
      name: `GitHub token ${p}_`,
      value: gh(p),
      inCode: `const token = '${gh(p)}';`,
      selfEvident: true,
    })),
    { name: 'GitHub fine-grained token github_pat_', value: pat, inCode: `GITHUB_TOKEN=${pat}`, selfEvident: true },
    { name: 'Slack bot token', value: slack, inCode: `slack = Client(token="${slack}")`, selfEvident: true },
    { name: 'Slack webhook', value: slackHook, inCode: `const hook = "${slackHook}";`, selfEvident: true },
    { name: 'Stripe secret key', value: stripe, inCode: `Stripe.api_key = "${stripe}"`, selfEvident: true },
    { name: 'Google API key', value: google, inCode: `const maps = new Maps({ key: '${google}' });`, selfEvident: true },
    { name: 'JWT', value: jwt, inCode: `headers: { Authorization: 'Bearer ${jwt}' }`, selfEvident: true },
    {
      name: 'password in a URL',
      value: urlPassword,
      inCode: `const db = 'https://admin:${urlPassword}@db.internal.example.com/app';`,
      selfEvident: false,
    },
    { name: 'password assignment', value: assigned, inCode: `password = "${assigned}"`, selfEvident: false },
    { name: '.env password', value: envPassword, inCode: `DB_PASSWORD=${envPassword}`, selfEvident: false },
    { name: '.env token', value: envToken, inCode: `export SESSION_TOKEN=${envToken}`, selfEvident: false },
  ];
}

/** A .env file holding several of the corpus's secrets, as a real one would. */
export function buildDotEnv(corpus: readonly CorpusSecret[]): string {
  const get = (name: string) => corpus.find((s) => s.name === name)!.value;
  return [
    '# local settings',
    'NODE_ENV=development',
    'PORT=3000',
    `AWS_ACCESS_KEY_ID=${get('AWS access key id')}`,
    `AWS_SECRET_ACCESS_KEY=${get('AWS secret access key')}`,
    `DB_PASSWORD=${get('.env password')}`,
    `SESSION_TOKEN="${get('.env token')}"`,
    `STRIPE_SECRET_KEY=${get('Stripe secret key')}`,
  ].join('\n');
}
