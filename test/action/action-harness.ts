import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nock from 'nock';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { createRestOctokit } from '../../src/github/create-rest-octokit.js';
import type { IndexCache } from '../../src/action/index-cache.js';
import { run } from '../../src/action/run.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';
import { FakeGitHub } from './fake-github.js';

export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';
export const TOKEN = 'ghs_exampleTokenThatMustNeverBeShown123';

interface Example {
  name: string;
  examples: Record<string, unknown>[];
}
const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Example[];

/** A payload GitHub recorded (from @octokit/webhooks-examples), changed by `edit`. */
export function examplePayload<T = Record<string, unknown>>(
  event: string,
  action: string | undefined,
  edit: (payload: T) => void = () => undefined,
): T {
  const found = examples.find((e) => e.name === event)?.examples.find((x) => action === undefined || x.action === action);
  if (found === undefined) throw new Error(`no ${event}.${action ?? ''} example`);
  const payload = structuredClone(found) as T;
  edit(payload);
  return payload;
}

/** A small TypeScript repository with one commit, as actions/checkout leaves it. */
export const SAMPLE_FILES = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  'src/main.ts': "import { greet } from './greet.js';\n\nexport function main(): void {\n  console.log(greet('world'));\n}\n",
  'README.md': '# Hello\n\nA tiny sample.\n',
};

/**
 * A folder cache standing in for the Actions cache: saves copy the folders
 * under their key, restores match the key exactly, else the newest key
 * starting with a restore key (as @actions/cache does).
 */
export class FolderIndexCache implements IndexCache {
  readonly saved: string[] = [];
  readonly restores: { primaryKey: string; restoreKeys: string[]; matched: string | undefined }[] = [];
  constructor(
    readonly root: string,
    readonly available = true,
  ) {}

  isAvailable(): boolean {
    return this.available;
  }

  async restore(paths: string[], primaryKey: string, restoreKeys: string[]): Promise<string | undefined> {
    const keys = [...this.saved].reverse();
    const matched = keys.find((k) => k === primaryKey) ?? restoreKeys.map((prefix) => keys.find((k) => k.startsWith(prefix))).find(Boolean);
    this.restores.push({ primaryKey, restoreKeys, matched });
    if (matched !== undefined)
      paths.forEach((p, i) => cpSync(path.join(this.root, encodeURIComponent(matched), String(i)), p, { recursive: true }));
    return matched;
  }

  async save(paths: string[], key: string): Promise<void> {
    if (this.saved.includes(key)) throw new Error(`Unable to reserve cache with key ${key}, another job may be creating this cache.`);
    paths.forEach((p, i) => cpSync(p, path.join(this.root, encodeURIComponent(key), String(i)), { recursive: true }));
    this.saved.push(key);
  }
}

// @actions/core remembers the first GITHUB_STEP_SUMMARY it sees: one file per test file, emptied per test.
const stepDir = mkdtempSync(path.join(tmpdir(), 'nanodex-action-step-'));
const summaryFile = path.join(stepDir, 'summary.md');
afterAll(() => rmSync(stepDir, { recursive: true, force: true }));

export interface ActionRun {
  github: FakeGitHub;
  cache: FolderIndexCache;
  workspace: string;
  runnerTemp: string;
  outputs: Record<string, string>;
  summary: string;
  failed: boolean;
}

let exitCode: typeof process.exitCode;
beforeEach(() => {
  exitCode = process.exitCode;
  nock.disableNetConnect();
});
afterEach(() => {
  vi.unstubAllEnvs();
  nock.cleanAll();
  nock.enableNetConnect();
  process.exitCode = exitCode; // core.setFailed sets it; the test run itself must not fail for it
});

/**
 * Runs the Action in this process as a runner would start it: INPUT_*
 * variables, the event payload in a GITHUB_EVENT_PATH file, outputs and
 * summary files, a real git checkout as GITHUB_WORKSPACE, GitHub through nock.
 */
export async function runAction(options: {
  event: string;
  payload?: unknown;
  inputs?: Record<string, string>;
  workspace?: string;
  cache?: FolderIndexCache;
  github?: FakeGitHub;
}): Promise<ActionRun> {
  const workspace = options.workspace ?? makeTempRepo(SAMPLE_FILES, { git: true });
  const runnerTemp = makeTempDir('nanodex-runner-');
  const github = options.github ?? new FakeGitHub({ owner: OWNER, repo: REPO });
  const cache = options.cache ?? new FolderIndexCache(makeTempDir('nanodex-cache-'));
  const outputFile = path.join(runnerTemp, 'output.txt');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    GITHUB_EVENT_NAME: options.event,
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_WORKSPACE: workspace,
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: runnerTemp,
    'INPUT_GITHUB-TOKEN': TOKEN,
  };
  if (options.payload !== undefined) {
    env.GITHUB_EVENT_PATH = path.join(runnerTemp, 'event.json');
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(options.payload));
  }
  for (const [name, value] of Object.entries(options.inputs ?? {})) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);

  const scope = nock('https://api.github.com').persist();
  for (const method of ['get', 'post', 'patch', 'put'] as const) {
    scope[method](/.*/).reply(function (uri, body) {
      const reply = github.handle(this.req.method, uri, body === '' ? undefined : body, this.req.headers);
      return [
        reply.status,
        typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
        reply.headers ?? { 'content-type': 'application/json' },
      ];
    });
  }

  process.exitCode = undefined;
  await run({
    cache,
    createClient: ({ token, baseUrl, timeoutMs, context }) =>
      createRestOctokit({ userAgent: 'nanodex-action', token, baseUrl, timeoutMs, logger: context.logger, throttle: false }),
  });
  const failed = process.exitCode === 1;
  return { github, cache, workspace, runnerTemp, outputs: readOutputs(outputFile), summary: readFileSync(summaryFile, 'utf8'), failed };
}

/** The `name<<delimiter` records @actions/core appends to GITHUB_OUTPUT. */
export function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const match of text.matchAll(/^([\w-]+)<<(ghadelimiter_[\w-]+)\r?\n([\s\S]*?)\r?\n\2$/gm)) outputs[match[1] ?? ''] = match[3] ?? '';
  return outputs;
}
