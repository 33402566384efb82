/**
 * The App's cold path (issue 28): the shipped App server (`node
 * dist/src/app/main.js`, what `npm start` runs) with an empty data folder,
 * pointed at a loopback GitHub that serves the repository as a tarball
 * (tarball-github.ts); one signed `issue_comment` delivery with `@nanodex
 * ask …`, timed from the delivery to the answer arriving at the fake
 * GitHub. Each run starts a fresh App (its start-up is not timed: a server
 * is up before a mention comes).
 *
 * The baseline, run in turn with it: downloading the same tarball from the
 * same server and unpacking it (`curl | tar xz`). The App has no checkout;
 * getting the bytes onto disk is what any tool pays before it can read a
 * line, so it is the floor of this path. (`ctags -R` on the tree is the
 * first-answer row's baseline already.)
 */
import { spawn } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { alternate } from './alternate.js';
import { findAnswerWrite, type TarballGitHub } from './tarball-github.js';
import { machineBusyMs, processCpuMs, runProcess, toTiming, type ProcessRun, type ProcessTiming } from './time-process.js';

const SECRET = 'bench-cold-mention';
/** Until /healthz answers; Probot's imports on a loaded 2-core machine take a while. */
const START_TIMEOUT_MS = 120_000;
/** A cold answer slower than this is a failure of the run, not a figure. */
const ANSWER_TIMEOUT_MS = 15 * 60_000;

export interface MentionRun {
  /** Delivery sent -> the answer written to the fake GitHub. */
  replyMs: number;
  /** Delivery sent -> its HTTP acknowledgement. */
  ackMs: number;
  /** Delivery sent -> the "working" comment, when there was one. */
  workingMs: number | undefined;
  /** CPU (user + sys, threads and children) the App spent between delivery and answer. */
  cpuMs: number;
  /**
   * CPU every other process on the machine spent meanwhile (the bench's own
   * fake GitHub included): a loaded machine shows here, not as a slow App.
   */
  besideMs: number;
  answer: string;
}

export interface ColdMentionResult {
  runs: MentionRun[];
  download: ProcessTiming;
}

export interface ColdMentionOptions {
  appMain: string;
  github: TarballGitHub;
  githubUrl: string;
  prompt: string;
  /** The "working" placeholder's first words (renderWorking): the answer is the first write without them. */
  workingText: string;
  scratch: string;
  runs: number;
  env: Record<string, string>;
  log: (message: string) => void;
}

export async function measureColdMention(options: ColdMentionOptions): Promise<ColdMentionResult> {
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const tarballUrl = `${options.githubUrl}${options.github.tarballPath()}`;
  const [runs, downloads] = await alternate(
    options.runs,
    (run) => mentionOnce(options, privateKey, run),
    async (run): Promise<ProcessRun> => {
      const dest = path.join(options.scratch, `download-${run}`);
      mkdirSync(dest, { recursive: true });
      const result = await runProcess('sh', ['-c', 'curl -sSf "$1" | tar -xz -C "$2"', 'sh', tarballUrl, dest], { env: options.env });
      rmSync(dest, { recursive: true, force: true });
      if (result.code !== 0) throw new Error(`curl | tar failed (exit ${result.code}): ${result.stderr.slice(0, 300)}`);
      return result;
    },
  );
  return { runs, download: toTiming('curl -sSf TARBALL | tar -xz', downloads) };
}

async function mentionOnce(options: ColdMentionOptions, privateKey: string, run: number): Promise<MentionRun> {
  const dataDir = path.join(options.scratch, `app-data-${run}`);
  mkdirSync(dataDir, { recursive: true });
  options.github.reset();
  const port = await findFreePort();
  const app = spawn(process.execPath, [options.appMain], {
    env: {
      ...options.env,
      APP_ID: '1',
      PRIVATE_KEY: privateKey,
      WEBHOOK_SECRET: SECRET,
      NANODEX_DATA_DIR: dataDir,
      NANODEX_APP_SLUG: 'nanodex',
      GITHUB_API_URL: options.githubUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout.on('data', (d: Buffer) => (output += d.toString()));
  app.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => app.on('exit', () => resolve()));
  try {
    await waitForHealth(
      `http://127.0.0.1:${port}`,
      () => app.exitCode !== null,
      () => output,
    );
    const answered = new Promise<void>((resolve) => {
      options.github.onWrite = () => {
        if (findAnswerWrite(options.github.writes, options.workingText)) resolve();
      };
    });
    const cpuBefore = processCpuMs(app.pid!);
    const busyBefore = machineBusyMs();
    const sent = performance.now();
    const ack = await deliver(`http://127.0.0.1:${port}`, mentionPayload(options.prompt, run));
    const ackMs = performance.now() - sent;
    if (ack !== 200) throw new Error(`the App answered the delivery with ${ack}:\n${output.slice(-2000)}`);
    await withTimeout(answered, ANSWER_TIMEOUT_MS, () => `no answer within ${ANSWER_TIMEOUT_MS / 60_000} min:\n${output.slice(-2000)}`);
    const cpuMs = processCpuMs(app.pid!) - cpuBefore;
    const besideMs = Math.max(0, machineBusyMs() - busyBefore - cpuMs);
    const answer = findAnswerWrite(options.github.writes, options.workingText)!;
    const working = options.github.writes.find((w) => w.body.includes(options.workingText));
    options.log(
      `  mention ${run + 1}: answered ${((answer.at - sent) / 1000).toFixed(2)} s after delivery ` +
        `(App ${(cpuMs / 1000).toFixed(2)} s CPU; other processes ${(besideMs / 1000).toFixed(2)} s CPU beside it)`,
    );
    return {
      replyMs: answer.at - sent,
      ackMs,
      workingMs: working === undefined ? undefined : working.at - sent,
      cpuMs,
      besideMs,
      answer: answer.body,
    };
  } finally {
    options.github.onWrite = undefined;
    app.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A signed `issue_comment.created` delivery, as GitHub sends it; a new issue per run. */
async function deliver(url: string, payload: unknown): Promise<number> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issue_comment',
      'x-github-delivery': `bench-cold-${Date.now()}`,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
  });
  await response.arrayBuffer();
  return response.status;
}

function mentionPayload(prompt: string, run: number): Record<string, unknown> {
  const user = { login: 'octocat', type: 'User' };
  const number = run + 1;
  return {
    action: 'created',
    installation: { id: 1 },
    repository: {
      name: 'sympy',
      full_name: 'sympy/sympy',
      owner: { login: 'sympy' },
      private: false,
      default_branch: 'master',
      html_url: 'https://github.com/sympy/sympy',
    },
    sender: user,
    issue: { number, title: 'A question', body: '', user, html_url: `https://github.com/sympy/sympy/issues/${number}` },
    comment: { id: 50_000 + run, body: `@nanodex ask ${prompt}`, user, author_association: 'OWNER' },
  };
}

async function waitForHealth(url: string, hasExited: () => boolean, output: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.status > 0,
      () => false,
    );
    if (ok) return;
    if (hasExited()) throw new Error(`the App exited before it listened:\n${output()}`);
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`the App did not answer /healthz in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo) ?? { port: 0 };
      probe.close(() => resolve(port));
    });
  });
}
