import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

function setUp() {
  const repo = makeTempRepo(SAMPLE_FILES, { git: true });
  const dataDir = makeTempDir();
  const run = async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir } });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };
  return { repo, dataDir, run };
}

describe('nanodex CLI', () => {
  it('index builds the index outside the repository and reports what it did', async () => {
    const { repo, dataDir, run } = setUp();
    const result = await run('index');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toMatch(/^indexed 7 files in [\d.]+s/);
    expect(result.out).toContain('added 7, changed 0, removed 0, unchanged 0');
    expect(result.out).toContain('skipped: secret 1');
    expect(readdirSync(dataDir).some((f) => f.endsWith('.sqlite'))).toBe(true);
    expect(existsSync(`${repo}/.nanodex`)).toBe(false);
    const again = await run('index', '--json');
    expect(JSON.parse(again.out)).toMatchObject({ files: 7, added: 0, unchanged: 7 });
  });

  it('map indexes on first use and prints the outline and a summary', async () => {
    const { run } = setUp();
    const result = await run('map', '--tokens', '500');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('src/server.ts:\n│ export class Server\n│ export class LoggingServer extends Server\n│ … 2 more\n');
    expect(result.out).toMatch(/— \d+ of 7 files shown, ~\d+ tokens; \d+ symbols/);
  });

  it('find, refs and search answer from the index, as text or JSON', async () => {
    const { run } = setUp();
    await run('index');
    const find = await run('find', 'parseHttpRequest');
    expect(find.out).toBe(
      'src/http/parse-http-request.ts:4-7  function parseHttpRequest\n    export function parseHttpRequest(raw: string): Request\n',
    );
    const refs = await run('refs', 'splitHeaders', '--json');
    expect(JSON.parse(refs.out)).toEqual([
      { name: 'splitHeaders', kind: 'import', path: 'src/http/parse-http-request.ts', line: 1 },
      { name: 'splitHeaders', kind: 'call', path: 'src/http/parse-http-request.ts', line: 6, inSymbol: 'parseHttpRequest' },
    ]);
    const search = await run('search', 'upload', 'file');
    expect(search.out.split('\n')[0]).toMatch(/^tools\/uploader\.py:\d+-\d+ /);
  });

  it('stats summarises the index', async () => {
    const { run } = setUp();
    const result = await run('stats', '--json');
    expect(JSON.parse(result.out)).toMatchObject({ files: 7, languages: { typescript: 3, python: 3, text: 1 }, pendingEdges: 0 });
  });

  it('exits 1 with a hint when nothing is found', async () => {
    const { run } = setUp();
    const result = await run('find', 'doesNotExist');
    expect(result.code).toBe(EXIT.notFound);
    expect(result.err).toContain('try `nanodex search doesNotExist`');
  });

  it.each([
    [['map', '--tokens', 'lots'], '--tokens must be a whole number from 1 to 200000, got "lots"'],
    [['find'], "missing required argument 'symbol'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['index', '--workers', '-1'], '--workers must be a whole number from 0 to 64'],
  ])('exits 2 on a bad command line: %j', async (args, message) => {
    const { run } = setUp();
    const result = await run(...args);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain(message);
  });

  it('exits 3 with the fix when the repository is missing', async () => {
    const { run } = setUp();
    const result = await run('map', '--repo', '/no/such/repo');
    expect(result.code).toBe(EXIT.failed);
    expect(result.err).toBe(
      'nanodex: repository folder /no/such/repo does not exist\n  fix: pass --repo with the path of a local checkout or folder\n',
    );
  });

  it('rejects a --path that leaves the repository', async () => {
    const { run } = setUp();
    const result = await run('search', 'x', '--path', '../etc');
    expect(result.code).toBe(EXIT.failed);
    expect(result.err).toContain('contains a ".." segment');
  });
});
