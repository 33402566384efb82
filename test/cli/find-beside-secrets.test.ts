import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { randomish } from '../helpers/secret-corpus.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

const join = (...parts: string[]) => parts.join('');
const password = join('Sup3r', randomish('db-pass', 10), '9');

/**
 * Code that mentions a key's BEGIN line in an error message (as src/app/read-app-env.ts does) and code
 * with a password inside a connection string: ordinary files the index must keep whole.
 */
const FILES = {
  'src/app/read-app-env.ts': [
    "import { readFileSync } from 'node:fs';",
    '',
    '/** The App key from PRIVATE_KEY_PATH, checked for its PEM shape. */',
    'export function readAppEnv(path: string): string {',
    "  const key = readFileSync(path, 'utf8');",
    "  if (!key.includes('-----BEGIN')) {",
    `    throw new Error('use the whole .pem file, from ${join('-----BEGIN RSA ', 'PRIVATE KEY-----')} to the END line');`,
    '  }',
    '  return key;',
    '}',
    '',
  ].join('\n'),
  'src/db.ts': [
    `const DATABASE_URL = "postgres://admin:${password}@db.internal.example.com:5432/app";`,
    '',
    '/** Opens the database the App keeps its state in. */',
    'export function connectDatabase(): string {',
    '  return DATABASE_URL;',
    '}',
    '',
  ].join('\n'),
  'test/read-app-env.test.ts': [
    "import { readAppEnv } from '../src/app/read-app-env.js';",
    '',
    `export const PEM_HEADER = '${join('-----BEGIN RSA ', 'PRIVATE KEY-----')}';`,
    'export function expectPem(text: string): boolean {',
    '  return text.startsWith(PEM_HEADER) && readAppEnv.length === 1;',
    '}',
    `export const PEM_FOOTER = '${join('-----END RSA ', 'PRIVATE KEY-----')}';`,
    '',
  ].join('\n'),
};

describe('nanodex find in a repository whose code names key markers and holds a connection string', () => {
  it('finds the function beside an error message that quotes a key header, in code and in a test', async () => {
    const run = setUp();
    const found = await run('find', 'readAppEnv');
    expect(found.code, found.err).toBe(EXIT.ok);
    expect(found.out).toContain('src/app/read-app-env.ts:4-10  function readAppEnv');
    const inTest = await run('find', 'expectPem');
    expect(inTest.code, inTest.err).toBe(EXIT.ok);
    expect(inTest.out).toContain('test/read-app-env.test.ts:4-6  function expectPem');
  });

  it('finds the function after a connection string, whose password is redacted and whose quotes are kept', async () => {
    const run = setUp();
    const found = await run('find', 'connectDatabase');
    expect(found.code, found.err).toBe(EXIT.ok);
    expect(found.out).toContain('src/db.ts:4-6  function connectDatabase');
    const stats = await run('stats', '--json');
    expect(JSON.parse(stats.out)).toMatchObject({ files: 3 });
    expect(found.out + stats.out).not.toContain(password);
  });
});

function setUp() {
  const repo = makeTempRepo(FILES, { git: true });
  const dataDir = makeTempDir();
  return async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir } });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };
}
