import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';

type Done = Extract<RunResult, { comment: unknown }>;
function done(result: RunResult): Done {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/** The sample, plus docs, an example and a benchmark that share the request's words, and a test that imports the parser. */
const FILES = {
  ...SAMPLE_FILES,
  'docs/parsing.md': '# Parsing requests\n\nparseHttpRequest parses a raw request and splits its headers; add a size limit here.\n',
  'examples/parse-request.ts':
    "import { parseHttpRequest } from '../src/http/parse-http-request.js';\n\nexport const parsed = parseHttpRequest('GET / HTTP/1.1\\r\\n\\r\\n'); // size limit example\n",
  'benchmark/parse-bench.ts':
    "import { parseHttpRequest } from '../src/http/parse-http-request.js';\n\nexport function benchParse(): void {\n  parseHttpRequest('x'.repeat(1000)); // size limit\n}\n",
  'test/requests.test.ts':
    "import { parseHttpRequest } from '../src/http/parse-http-request.js';\n\nexport const ok = parseHttpRequest('GET / HTTP/1.1\\r\\n\\r\\n');\n",
};

describe('run > plan > the files to change', () => {
  it('names the file and function to change first, with a top-level files array for --json', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const result = done(
      await run({ command: 'plan', prompt: 'add a size limit to parseHttpRequest', repo: { kind: 'local', root: repo.root } }, ports),
    );
    expect(result.files?.[0]).toMatchObject({ path: 'src/http/parse-http-request.ts', certainty: 'named' });
    expect(result.files?.[0]?.symbols).toContain('parseHttpRequest');
    expect(JSON.parse(JSON.stringify(result)).files[0].path).toBe('src/http/parse-http-request.ts');
    expect(result.comment.body).toMatch(/Change src\/http\/parse-http-request\.ts \(`parseHttpRequest`/);
  });

  it('never proposes docs, examples, benchmarks or tests for the change', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const result = done(
      await run({ command: 'plan', prompt: 'add a size limit to parseHttpRequest', repo: { kind: 'local', root: repo.root } }, ports),
    );
    const paths = (result.files ?? []).map((f) => f.path);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p).not.toMatch(/^(docs|examples|benchmark|test)\//);
    expect(result.comment.body).not.toMatch(/Add tests for (docs|examples|benchmark)\//);
  });

  it('finds the tests through the index (a test that imports the code), not by file name', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const result = done(
      await run({ command: 'plan', prompt: 'add a size limit to parseHttpRequest', repo: { kind: 'local', root: repo.root } }, ports),
    );
    expect(result.files?.[0]?.tests).toEqual([
      { path: 'test/requests.test.ts', how: 'imports it, named after a feature of it (request), calls parseHttpRequest' },
    ]);
    expect(result.comment.body).toContain(
      'Extend test/requests.test.ts (imports it, named after a feature of it (request), calls parseHttpRequest) for the new behaviour of src/http/parse-http-request.ts',
    );
  });

  it('says what it found, and is not "high" when the request names no code', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const named = done(
      await run({ command: 'plan', prompt: 'add a size limit to parseHttpRequest', repo: { kind: 'local', root: repo.root } }, ports),
    );
    if (named.output.kind !== 'plan') throw new Error('expected a plan');
    expect(named.output.doc.confidence).toMatch(/^high \(the request names code the index defines: parseHttpRequest/);
    const vague = done(
      await run({ command: 'plan', prompt: 'retry uploads a few more times', repo: { kind: 'local', root: repo.root } }, ports),
    );
    if (vague.output.kind !== 'plan') throw new Error('expected a plan');
    expect(vague.output.doc.confidence).not.toMatch(/^high/);
  });

  it('finds a test that reaches the code through the package entry point and shares a word with it', async () => {
    const { ports, repo } = await explorePorts({
      'src/core/calculate-retry-delay.ts':
        'export function calculateRetryDelay(attempt: number): number {\n  return 2 ** attempt * 100;\n}\n',
      'src/core/parse-body.ts': 'export function parseBody(text: string): unknown {\n  return JSON.parse(text);\n}\n',
      'src/index.ts':
        "import { calculateRetryDelay } from './core/calculate-retry-delay.js';\nimport { parseBody } from './core/parse-body.js';\n\nexport { calculateRetryDelay, parseBody };\n",
      'test/retry.test.ts': "import { calculateRetryDelay } from '../src/index.js';\n\nexport const delay = calculateRetryDelay(2);\n",
      'test/body.test.ts': "import { parseBody } from '../src/index.js';\n\nexport const body = parseBody('{}');\n",
    });
    const result = done(
      await run({ command: 'plan', prompt: 'cap the retry delay in calculateRetryDelay', repo: { kind: 'local', root: repo.root } }, ports),
    );
    const file = result.files?.find((f) => f.path === 'src/core/calculate-retry-delay.ts');
    expect(file?.tests).toEqual([{ path: 'test/retry.test.ts', how: 'calls calculateRetryDelay, named after a feature of it (retry)' }]);
  });

  it('finds the test that calls the code through the entry point when no test shares a word with its file', async () => {
    const { ports, repo } = await explorePorts({
      'src/web/wrappers.ts':
        'export class Request {\n  maxFormParts(): number {\n    return 1000;\n  }\n}\n\nexport class Response {\n  status(): number {\n    return 200;\n  }\n}\n',
      'src/index.ts': "export { Request, Response } from './web/wrappers.js';\n",
      'test/limits.test.ts': "import { Request } from '../src/index.js';\n\nexport const parts = new Request().maxFormParts();\n",
      'test/status.test.ts': "import { Response } from '../src/index.js';\n\nexport const code = new Response().status();\n",
    });
    const result = done(
      await run({ command: 'plan', prompt: 'raise the limit in maxFormParts of Request', repo: { kind: 'local', root: repo.root } }, ports),
    );
    const file = result.files?.find((f) => f.path === 'src/web/wrappers.ts');
    expect(file?.symbols[0]).toBe('Request.maxFormParts');
    // The test that calls the method first; the file's other test (it imports Response, defined there) after it.
    expect(file?.tests).toEqual([
      { path: 'test/limits.test.ts', how: 'imports Request from src/index.ts, calls maxFormParts' },
      { path: 'test/status.test.ts', how: 'imports Response from src/index.ts' },
    ]);
  });

  it('proposes no file, and links no file head, when only a version in the imports matched ("Changelog for v5.3.1")', async () => {
    const { ports, repo } = await explorePorts({
      'go.mod': 'module github.com/acme/web/v5\n\ngo 1.22\n',
      'group.go':
        'package web\n\nimport (\n\t"github.com/acme/web/v5/internal"\n)\n\n// Group groups routes.\nfunc Group(prefix string) string {\n\treturn internal.Clean(prefix)\n}\n',
      'internal/clean.go': 'package internal\n\n// Clean trims a prefix.\nfunc Clean(prefix string) string {\n\treturn prefix\n}\n',
    });
    const result = done(await run({ command: 'plan', prompt: 'Changelog for v5.3.1', repo: { kind: 'local', root: repo.root } }, ports));
    if (result.output.kind !== 'plan') throw new Error('expected a plan');
    expect(result.output.doc.phases.find((p) => p.name === 'Make the change')?.files ?? []).toEqual([]);
    expect(result.comment.body).not.toMatch(/#L1-L\d+\)/);
    expect(result.comment.body).toMatch(/no file is certain to change/i);
  });
});
