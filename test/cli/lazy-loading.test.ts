import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

/**
 * Start-up is paid on every keystroke (issue 15): a command loads the
 * packages it uses and no others. A module hook (node:module registerHooks,
 * which sees ESM imports and CommonJS requires alike) records every file the
 * built CLI loads; the lists below are what a lookup must never pay for.
 */
const RECORD_LOADS = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
registerHooks({ load(url, context, next) { seen.add(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.NANODEX_TEST_LOADS, [...seen].join('\\n')));
`)}`;

/** One CLI run: under a second here; far more on a loaded 2-core machine (an index took 9 s at load 25). */
const SPAWN_TIMEOUT_MS = 90_000;

/** Packages only the model, GitHub, App, diagram, config and progress paths need. */
const HEAVY = [
  'yaml',
  'pino',
  'pino-pretty',
  'bottleneck',
  'cli-progress',
  '@langchain/core',
  '@langchain/openai',
  '@langchain/anthropic',
  '@langchain/ollama',
  'langsmith',
  'openai',
  '@anthropic-ai/sdk',
  'jsdom',
  'mermaid',
  'probot',
  '@octokit/rest',
  '@octokit/core',
  'zod',
  'tar',
  'p-queue',
  'diff',
  '@modelcontextprotocol/sdk',
  'bullmq',
  'ioredis',
  'prom-client',
];

function loadedPackages(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string; packages: Set<string> } {
  const bin = ensureBuilt('src/cli/main.js');
  const loads = path.join(makeTempDir('nanodex-loads-'), 'loads.txt');
  const run = spawnSync(process.execPath, ['--import', RECORD_LOADS, bin, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: SPAWN_TIMEOUT_MS,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-'), NANODEX_TEST_LOADS: loads },
  });
  const packages = new Set<string>();
  for (const url of readFileSync(loads, 'utf8').split('\n')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1] !== undefined) packages.add(match[1]);
  }
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, packages };
}

/** The TypeScript fixture indexed by the built CLI; the caller removes `repo` when done. */
function indexedFixture(): { repo: string; dataDir: string } {
  const repo = mkdtempSync(path.join(tmpdir(), 'nanodex-lazy-repo-'));
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  const dataDir = path.join(repo, '.nanodex');
  const built = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), 'index', '--repo', repo, '--data-dir', dataDir], {
    encoding: 'utf8',
    timeout: SPAWN_TIMEOUT_MS,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
  });
  expect(built.status).toBe(0);
  return { repo, dataDir };
}

describe('what the built CLI loads', () => {
  it.each([['--version'], ['-V']])("prints %s, the package's version, loading no package at all", (flag) => {
    const { version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = loadedPackages([flag], PROJECT_ROOT);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect([...run.packages]).toEqual([]);
  });

  it('prints --help with the command table alone: no SQLite, parsers or heavy package', () => {
    const run = loadedPackages(['--help'], PROJECT_ROOT);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: nanodex');
    expect(HEAVY.filter((name) => run.packages.has(name))).toEqual([]);
    expect(run.packages.has('better-sqlite3') || run.packages.has('web-tree-sitter')).toBe(false);
  });

  describe('when the index exists', () => {
    // Built once for these tests: each only reads it (find, refs and search see an unchanged tree; the diagram is
    // drawn with --no-refresh), as a second CLI process run in the same checkout would.
    let repo: string;
    let dataDir: string;
    beforeAll(() => {
      ({ repo, dataDir } = indexedFixture());
    });
    afterAll(() => {
      if (repo) rmSync(repo, { recursive: true, force: true });
    });

    it.each([
      ['find', 'TodoStore', 'src/store.ts:8-21  class TodoStore'],
      ['refs', 'TodoStore', 'src/'],
      ['search', 'todo', 'src/'],
    ])('answers %s from it without loading any model, GitHub, diagram or parser package', (command, word, expected) => {
      const run = loadedPackages([command, word, '--repo', repo, '--data-dir', dataDir], repo);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(expected);
      expect(HEAVY.filter((name) => run.packages.has(name))).toEqual([]);
      expect(run.packages.has('web-tree-sitter')).toBe(false);
      expect(run.packages.has('better-sqlite3')).toBe(true);
    });

    it('draws an offline diagram without loading LangChain, a provider SDK, Mermaid or jsdom', () => {
      const run = loadedPackages(['diagram', '--repo', repo, '--data-dir', dataDir, '--no-refresh'], repo);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('```mermaid');
      const modelAndMermaid = ['@langchain/core', '@langchain/openai', '@langchain/anthropic', '@langchain/ollama', 'langsmith'];
      modelAndMermaid.push('openai', '@anthropic-ai/sdk', 'ollama', 'mermaid', 'jsdom');
      expect(modelAndMermaid.filter((name) => run.packages.has(name))).toEqual([]);
    });

    it('prints the diagram as --json without parsing YAML or JSON schemas, or running the secrets preset over its metrics', () => {
      // The built-in skills come from their catalog; the output's `planPath` is no access key id (`ANPA`…); no
      // skill, memory block or model graph is parsed, so zod stays unloaded (runtime/load-zod.ts).
      const run = loadedPackages(['diagram', '--repo', repo, '--data-dir', dataDir, '--no-refresh', '--json'], repo);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('"planPath"');
      const unused = ['yaml', 'zod', '@secretlint/core', '@secretlint/secretlint-rule-preset-recommend'];
      expect(unused.filter((name) => run.packages.has(name))).toEqual([]);
    });
  });
});
