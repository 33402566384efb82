import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** `nanodex plan` as users run it: the built bin, a real process, a real folder. */
function plan(repo: string, prompt: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    process.execPath,
    [ensureBuilt('src/cli/main.js'), 'plan', prompt, '--repo', repo, '--data-dir', path.join(repo, '.nanodex')],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The lines of a section of the printed plan, from its heading to the next heading. */
function section(text: string, heading: string): string {
  const at = text.indexOf(heading);
  if (at < 0) return '';
  const rest = text.slice(at + heading.length);
  const next = rest.search(/\n(#{2,4} |\*\*)/);
  return next < 0 ? rest : rest.slice(0, next);
}

/** A loaded 2-core machine: the build (when dist/ is stale) and each plan get room. */
const BUILD_MS = 300_000;
const PLAN_MS = 150_000;

/** A GitHub client built with a retry plugin, the blob fetcher the request is about, its neighbour, and two other uses of the word retry. */
const REPO = {
  'package.json': '{ "name": "fetcher", "type": "module" }\n',
  'src/github/create-client.ts':
    "import { Octokit } from '@octokit/core';\nimport { retry } from '@octokit/plugin-retry';\n\n/** The GitHub client every request goes through. */\nexport function createClient(token: string): Octokit {\n  const WithPlugins = Octokit.plugin(retry);\n  return new WithPlugins({ auth: token });\n}\n",
  'src/github/blob-fetcher.ts':
    "import type { Octokit } from '@octokit/core';\n\n/** Reads a GitHub blob by its sha. */\nexport class BlobFetcher {\n  constructor(private readonly octokit: Octokit) {}\n\n  async fetchBlob(owner: string, repo: string, sha: string): Promise<string> {\n    const blob = await this.octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { owner, repo, file_sha: sha });\n    return Buffer.from(blob.data.content, 'base64').toString('utf8');\n  }\n}\n",
  'src/github/blob-paths.ts':
    "/** The path of a GitHub blob in a tree listing. */\nexport function blobPath(folder: string, name: string): string {\n  return folder === '' ? name : `${folder}/${name}`;\n}\n",
  'src/queue/open-redis.ts':
    "import { Redis } from 'ioredis';\n\nexport function openRedis(url: string): Redis {\n  return new Redis(url, { retryStrategy: (times: number) => Math.min(times * 50, 2000) });\n}\n",
  'src/failure/retry-later.ts': 'export class RetryLaterError extends Error {\n  readonly retryAfterSeconds = 60;\n}\n',
};

/** A session with a per-request timeout, and exception classes named after timeouts. */
const TIMEOUT_REPO = {
  'client/exceptions.py':
    'class RequestException(IOError):\n    """A request failed."""\n\n\nclass Timeout(RequestException):\n    """The request timed out."""\n\n\nclass ReadTimeout(Timeout):\n    """The server sent nothing in time."""\n',
  'client/sessions.py':
    'from .exceptions import Timeout\n\n\nclass Session:\n    def send(self, request, timeout=None):\n        return self.adapter.send(request, timeout=timeout)\n',
  'client/adapters.py':
    'DEFAULT_POOL_TIMEOUT = None\n\n\nclass TimeoutSauce:\n    """The connect and read timeouts of one request."""\n\n    def __init__(self, connect=None, read=None):\n        self.connect = connect\n        self.read = read\n',
};

const QUEUE_REPO = {
  'package.json': '{"name": "queue", "type": "module", "dependencies": {"p-timeout": "^6.0.0"}}\n',
  'source/index.ts':
    "import pTimeout from 'p-timeout';\n\nexport class Queue {\n  #timer: ReturnType<typeof setTimeout> | undefined;\n\n  #clearTimeoutTimer(): void {\n    clearTimeout(this.#timer);\n  }\n\n  add(task: () => Promise<unknown>, options: { timeout?: number }) {\n    return pTimeout(task(), { milliseconds: options.timeout ?? 0 });\n  }\n}\n",
};

describe('nanodex plan > the files to change (the bin)', () => {
  beforeAll(() => {
    ensureBuilt('src/cli/main.js');
  }, BUILD_MS);

  it(
    'says plainly that retries already exist, in the GitHub client, with the lines that prove it',
    () => {
      const run = plan(makeTempRepo(REPO), 'add retries to the GitHub blob fetcher');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.code).toBe(0);
      const already = section(run.stdout, '**Already in the repository**');
      // Linked at the import the claim names (L2), not at a chunk that only shares a word with retries.
      expect(already).toMatch(
        /- Retries already exist: `src\/github\/create-client\.ts` imports `@octokit\/plugin-retry` \[src\/github\/create-client\.ts#L2\]/,
      );
      // Neither an error type named after retries nor a Redis client's retry strategy is the mechanism to build on.
      expect(already).not.toMatch(/RetryLaterError|open-redis/);
      expect(section(run.stdout, '#### Phase 2: Make the change')).toContain(
        'Retries already exist in src/github/create-client.ts (imports `@octokit/plugin-retry`): build on them',
      );
    },
    PLAN_MS,
  );

  it(
    'lists no file under "Make the change" when the request names none, and says so, with the blob fetcher first to read',
    () => {
      const run = plan(makeTempRepo(REPO), 'add retries to the GitHub blob fetcher');
      expect(run.code).toBe(0);
      const change = section(run.stdout, '#### Phase 2: Make the change');
      expect(change).not.toContain('Files:');
      expect(change).toContain('No file is certain to change');
      expect(change).toContain('The best candidate is `src/github/blob-fetcher.ts`');
      expect(run.stdout).not.toMatch(/ — to change: /);
      expect(section(run.stdout, '#### Phase 1: Understand the current code')).toContain(
        'Read the candidate files first; none is certain to change: `src/github/blob-fetcher.ts`',
      );
      expect(run.stdout).toMatch(/\[src\/github\/blob-fetcher\.ts#L\d+-L\d+\]\([^)]*\) — related, read first: /);
    },
    PLAN_MS,
  );

  it(
    'lists the one file that defines the method the request names under "Make the change", with that method',
    () => {
      const run = plan(makeTempRepo(REPO), 'add retries to BlobFetcher.fetchBlob');
      expect(run.code).toBe(0);
      const change = section(run.stdout, '#### Phase 2: Make the change');
      expect(change).toContain('Change src/github/blob-fetcher.ts (`BlobFetcher.fetchBlob`');
      expect(change).toContain('Files: `src/github/blob-fetcher.ts`\n');
      expect(run.stdout).toMatch(
        /\[src\/github\/blob-fetcher\.ts#L\d+-L\d+\]\([^)]*\) — to change: the request names BlobFetcher\.fetchBlob/,
      );
    },
    PLAN_MS,
  );

  it(
    'never takes an exception class named after the concept for the mechanism that exists',
    () => {
      const run = plan(makeTempRepo(TIMEOUT_REPO), 'add a timeout default to Session so requests do not hang');
      expect(run.code).toBe(0);
      const already = section(run.stdout, '**Already in the repository**');
      expect(already).toContain('Timeouts already exist: `client/adapters.py` defines TimeoutSauce (class)');
      expect(already).not.toMatch(/exceptions\.py/);
    },
    PLAN_MS,
  );

  it(
    'links a library the code imports at its import, not at a method that only shares a word with it',
    () => {
      const run = plan(makeTempRepo(QUEUE_REPO), 'add() should reject a per-task timeout of 0');
      expect(run.code).toBe(0);
      const already = section(run.stdout, '**Already in the repository**');
      expect(already).toContain('Timeouts already exist: `source/index.ts` imports p-timeout [source/index.ts#L1](source/index.ts#L1)');
    },
    PLAN_MS,
  );
});
