import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

function setUp() {
  const repo = makeTempRepo(SAMPLE_FILES, { git: true });
  const dataDir = makeTempDir();
  return async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir } });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };
}

describe('nanodex ask', () => {
  it('prints the evidence-backed context as Markdown', async () => {
    const run = setUp();
    const result = await run('ask', 'where', 'is', 'splitHeaders', 'defined?');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('Confidence: **high**');
    expect(result.out).toContain(
      '#### `src/http/headers.ts:1-3`\n_definition of splitHeaders (function)_\n```ts\nexport function splitHeaders',
    );
  });

  it('refuses a blank question with an example, exit 2, before opening any index', async () => {
    const run = setUp();
    for (const [command, example] of [
      ['locate', 'where are failed uploads retried'],
      ['plan', 'add retries to the uploader'],
    ] as const) {
      const result = await run(command, '  ');
      expect(result.code).toBe(EXIT.usage);
      expect(result.err).toBe(`nanodex ${command} needs a question or task, e.g. nanodex ${command} "${example}"\n`);
      expect(result.out).toBe('');
    }
  });

  it('exits 4 and says how to raise the limit when the budget stops it', async () => {
    const run = setUp();
    const result = await run('ask', 'who calls parseHttpRequest? files=1');
    expect(result.code).toBe(EXIT.budget);
    expect(result.out).toContain('**nanodex stopped: the files read budget was reached** (1 of 1).');
    expect(result.out).toContain('**To go further:** add files=2 to the request');
  });

  it('prints the whole result as JSON with --json, metrics included', async () => {
    const run = setUp();
    const result = await run('ask', '--json', 'how are uploads retried');
    const parsed = JSON.parse(result.out);
    expect(parsed).toMatchObject({ kind: 'done', command: 'ask', metrics: { planPath: 'heuristic', command: 'ask' } });
    expect(parsed.context.evidence.length).toBeGreaterThan(0);
  });

  it('logs the run as one JSON line on stderr with --verbose', async () => {
    const run = setUp();
    const result = await run('ask', '--verbose', 'where is with_retries defined');
    const line = JSON.parse(result.err.trim().split('\n').pop()!);
    expect(line).toMatchObject({ level: 'info', message: 'run', command: 'ask', intent: 'definition' });
  });
});

describe('nanodex locate', () => {
  it('prints the ranked files as {"files":[{path,score,reason,chunks}]} with --json', async () => {
    const run = setUp();
    const result = await run('locate', '--json', 'retry failed uploads');
    const parsed = JSON.parse(result.out) as { files: { path: string; score: number; reason: string }[] };
    expect(Object.keys(parsed)).toEqual(['files']);
    expect(
      parsed.files
        .slice(0, 2)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['tools/retry.py', 'tools/uploader.py']);
    for (const f of parsed.files) expect(Object.keys(f)).toEqual(['path', 'score', 'reason', 'chunks']);
  });
});
