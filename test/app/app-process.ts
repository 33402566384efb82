import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { create } from 'tar';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir, writeFiles } from '../helpers/temp-repo.js';
import { PRIVATE_KEY } from './test-key.js';

export const SECRET = 'process-test-secret';
/** Until /healthz answers: a second or two here; Probot's imports on a loaded 2-core machine take far longer. */
const START_TIMEOUT_MS = 90_000;
export const HEAD_SHA = 'c0ffee'.padEnd(40, '0');

export interface AppProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything the process printed so far (pino's JSON lines, stderr). */
  log(): string;
  /** What it printed on stdout alone (the log lines; start-up problems go to stderr). */
  stdout(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts `node dist/src/app/main.js`, exactly as `npm start` and the Docker image's CMD do, and waits for /healthz. */
export async function startAppProcess(env: Record<string, string>, options: { entry?: string } = {}): Promise<AppProcess> {
  const main = ensureBuilt(options.entry ?? 'src/app/main.js');
  const port = await findFreePort();
  const child = spawn(process.execPath, [main], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      APP_ID: '1',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      NANODEX_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nanodex-app-data-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
  });
  let log = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  // 'close', not 'exit': the process can exit before its last lines are read from the pipe (a loaded machine).
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.status > 0,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the App exited before it listened:\n${log}`);
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`the App did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, log: () => log, stdout: () => stdout, exited };
}

/** Signs and POSTs one delivery as GitHub does. */
export async function deliver(
  url: string,
  event: string,
  payload: unknown,
  options: { id?: string; secret?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', options.secret ?? SECRET)
    .update(body)
    .digest('hex')}`;
  return fetch(`${url}/api/github/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': options.id ?? `d-${Math.random()}`,
      'x-hub-signature-256': signature,
    },
  });
}

/** A gzipped tarball of `files` laid out as GitHub's (one top folder `owner-repo-sha`). */
export async function buildTarball(files: Record<string, string>): Promise<Buffer> {
  const staging = makeTempDir();
  const top = `Codertocat-Hello-World-${HEAD_SHA.slice(0, 7)}`;
  writeFiles(path.join(staging, top), files);
  const archive = path.join(makeTempDir(), 'repo.tar.gz');
  await create({ gzip: true, cwd: staging, file: archive, portable: true }, [top]);
  return readFileSync(archive);
}

/** Polls `probe` until it gives a value; the default wait is sized for processes on a loaded 2-core machine. */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const require = createRequire(import.meta.url);
const EXAMPLES = require('@octokit/webhooks-examples') as { name: string; examples: Record<string, unknown>[] }[];

/** GitHub's own `issue_comment.created` example, with an installation and the given body. */
export function mentionPayload(body: string, login = 'Codertocat'): Record<string, unknown> & { comment: Record<string, unknown> } {
  const example = structuredClone(EXAMPLES.find((e) => e.name === 'issue_comment')?.examples.find((e) => e.action === 'created')) as Record<
    string,
    unknown
  > & { comment: { body: string; id: number; user: { login: string; type: string } }; issue: Record<string, unknown> };
  example.installation = { id: 4242, node_id: 'x' };
  example.comment.body = body;
  example.comment.user = { ...example.comment.user, login, type: 'User' };
  delete example.issue.pull_request;
  return example;
}

/** GitHub's own `pull_request.opened` example as `action`, with an installation and the given head and base. */
export function pullRequestPayload(action: string, options: { head: string; base?: string }): Record<string, unknown> {
  const example = structuredClone(EXAMPLES.find((e) => e.name === 'pull_request')?.examples.find((e) => e.action === 'opened')) as Record<
    string,
    unknown
  > & { pull_request: { draft: boolean; head: { sha: string }; base: { sha: string } } };
  example.action = action;
  example.installation = { id: 4242, node_id: 'x' };
  example.pull_request.draft = false;
  example.pull_request.head.sha = options.head;
  example.pull_request.base.sha = options.base ?? 'a'.repeat(40);
  return example;
}
