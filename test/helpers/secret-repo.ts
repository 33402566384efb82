import type { CorpusSecret } from './secret-corpus.js';
import { buildDotEnv } from './secret-corpus.js';

const get = (corpus: readonly CorpusSecret[], name: string) => corpus.find((s) => s.name === name)!;

/**
 * A small repository that holds every corpus secret the way real ones leak:
 * constants and config in code, comments, a .env file, key files under
 * ordinary names, and a doc that pastes a key. `AWS_KEY` is the symbol of
 * the report (`nanodex explain "what is AWS_KEY"`).
 */
export function buildSecretRepoFiles(corpus: readonly CorpusSecret[]): Record<string, string> {
  const oneLine = corpus.filter((s) => !s.value.includes('\n'));
  return {
    'src/aws/credentials.ts': [
      "import { sign } from './sign.js';",
      '',
      '/** The AWS key the uploader signs requests with. */',
      `export const AWS_KEY = '${get(corpus, 'AWS access key id').value}';`,
      `// ${get(corpus, 'AWS secret access key').inCode}`,
      `export const AWS_SECRET = { aws_secret_access_key: '${get(corpus, 'AWS secret access key').value}' };`,
      '',
      '/** Signs an upload with AWS_KEY. */',
      'export function signUpload(body: string): string {',
      '  return sign(body, AWS_KEY, AWS_SECRET.aws_secret_access_key);',
      '}',
      '',
    ].join('\n'),
    'src/aws/sign.ts':
      'export function sign(body: string, key: string, secret: string): string {\n  return `${key}:${secret}:${body.length}`;\n}\n',
    'src/integrations/clients.ts': [
      '/** Every client the app talks to, with its credentials (do not do this). */',
      ...oneLine.filter((s) => !s.name.startsWith('AWS')).map((s) => `// ${s.name}\n${s.inCode}`),
      'export function connectClients(): void {}',
      '',
    ].join('\n'),
    'config/settings.py': [
      '# Settings for production',
      `DATABASE_URL = "postgres://app:${get(corpus, 'password in a URL').value}@db.internal:5432/app"`,
      get(corpus, 'password assignment').inCode,
      `AWS_KEY = "${get(corpus, 'AWS access key id').value}"`,
      '',
      'def load_settings():',
      '    return {"password": password}',
      '',
    ].join('\n'),
    '.env': buildDotEnv(corpus),
    'keys/AWS_KEY.txt': `${get(corpus, 'RSA private key (PEM)').value}\n`,
    'deploy/deploy_key': `${get(corpus, 'OpenSSH private key').value}\n`,
    'src/keys.ts': `/** The AWS_KEY signing key for local runs. */\nexport const SIGNING_KEY = \`${get(corpus, 'ed25519 private key (PKCS#8)').value}\`;\n`,
    'docs/keys.md': `# Keys\n\nThe release key (AWS_KEY rotation):\n\n\`\`\`\n${get(corpus, 'PGP private key block').value}\n\`\`\`\n`,
    'README.md': '# Uploader\n\nSigns uploads with AWS_KEY (see src/aws/credentials.ts).\n',
  };
}

/** A change under review that adds a secret of each one-line kind. */
export function buildLeakyChange(corpus: readonly CorpusSecret[]): Record<string, string> {
  return {
    'src/integrations/new-config.ts': [
      ...corpus.filter((s) => !s.value.includes('\n')).map((s) => s.inCode),
      `const KEY = \`${get(corpus, 'EC private key (SEC1)').value}\`;`,
      'export {};',
      '',
    ].join('\n'),
  };
}
