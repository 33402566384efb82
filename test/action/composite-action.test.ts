import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { removeInBackground } from '../helpers/remove-in-background.js';
import { scratchRoot } from '../helpers/scratch-root.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, OWNER, readOutputs, REPO, SAMPLE_FILES } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What a tagged checkout must carry for the Action to run: the metadata, the lock file and npm settings, the build and the skills. */
const SHIPPED = ['action.yml', 'package.json', 'package-lock.json', '.npmrc', 'action-dist', 'skills'];
/** `npm ci --omit=dev` of the shipped lock file: seconds with better-sqlite3's bundled prebuilds; generous for a slow registry. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;
/** What the step may take to fail at its 2 s deadline: start-up and writing the summary, on a loaded machine. */
const DEADLINE_STEP_MS = 90_000;
/** Above 64 files the indexer starts worker threads: the bundled parse-worker.js must load. */
const GENERATED_FILES = 70;

interface Step {
  id?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface ActionYml {
  inputs: Record<string, { default?: string }>;
  runs: { steps: Step[] };
}

/**
 * The composite action's steps, done as a runner does them: a copy of the
 * action in its own folder, its install step run there, then its run step
 * with the INPUT_* variables its `env:` maps, a real event payload, a local
 * git checkout as the workspace, and GitHub answered by a local server.
 */
describe('the composite action, run as a runner would', () => {
  let actionDir: string;
  let yml: ActionYml;
  let server: Server;
  let github: FakeGitHub;
  let apiUrl: string;
  /** GitHub accepts connections and never answers. */
  let hang = false;

  beforeAll(async () => {
    // Not makeTempDir: that one is emptied after each test, and the install serves them all.
    actionDir = mkdtempSync(path.join(scratchRoot(), 'nanodex-action-path-'));
    for (const entry of SHIPPED) cpSync(path.join(ROOT, entry), path.join(actionDir, entry), { recursive: true });
    yml = parse(readFileSync(path.join(actionDir, 'action.yml'), 'utf8')) as ActionYml;
    const install = yml.runs.steps.find((s) => s.run?.startsWith('npm '));
    expect(install?.['working-directory']).toBe('${{ github.action_path }}');
    // Asynchronous: a minute of install must not block this worker's event loop (vitest's RPC runs on it).
    await promisify(execFile)('bash', ['-c', install?.run ?? 'false'], {
      cwd: actionDir,
      env: { ...process.env, npm_config_loglevel: 'error' },
      maxBuffer: 64 * 1024 * 1024,
    });

    server = createServer((request, response) => {
      if (hang) return;
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      request.on('end', () => {
        const reply = github.handle(request.method ?? 'GET', request.url ?? '/', text === '' ? undefined : JSON.parse(text));
        const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        response.writeHead(reply.status, reply.headers ?? { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    // The hanging test leaves requests open on purpose: drop them, or close() waits for them forever.
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    // The installed node_modules took 16.7 s to delete synchronously here, past the hook timeout on a busy machine.
    if (actionDir) removeInBackground(actionDir);
  });

  /** The run step: `env:` with each `${{ inputs.x }}` filled from `inputs` or action.yml's default, then its command. */
  async function runStep(event: string, payload: unknown, inputs: Record<string, string>, extraEnv: Record<string, string> = {}) {
    const step = yml.runs.steps.find((s) => s.id === 'nanodex');
    const workspace = makeTempRepo(
      {
        ...SAMPLE_FILES,
        ...Object.fromEntries(
          Array.from({ length: GENERATED_FILES }, (_, i) => [`src/gen/part-${i}.ts`, `export const part${i} = ${i};\n`]),
        ),
      },
      { git: true },
    );
    const runnerTemp = makeTempDir('nanodex-runner-');
    const files = {
      output: path.join(runnerTemp, 'output'),
      summary: path.join(runnerTemp, 'summary.md'),
      event: path.join(runnerTemp, 'event.json'),
    };
    writeFileSync(files.output, '');
    writeFileSync(files.summary, '');
    writeFileSync(files.event, JSON.stringify(payload));
    const stepEnv = Object.fromEntries(
      Object.entries(step?.env ?? {}).map(([name, value]) => {
        const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value)?.[1] ?? '';
        const fallback =
          yml.inputs[input]?.default === '${{ github.token }}' ? 'ghs_e2eTokenNeverShown0123456789' : yml.inputs[input]?.default;
        return [name, inputs[input] ?? fallback ?? ''];
      }),
    );
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: files.event,
      GITHUB_API_URL: apiUrl,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      RUNNER_TEMP: runnerTemp,
      ...stepEnv,
      ...extraEnv,
    };
    const child = spawn('bash', ['-c', step?.run ?? 'false'], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, log, outputs: readOutputs(files.output), summary: readFileSync(files.summary, 'utf8') };
  }

  it('answers a mention: posts the reply, sets the outputs and writes the summary', async () => {
    github = new FakeGitHub({ owner: OWNER, repo: REPO });
    const payload = examplePayload('issue_comment', 'created', (p: { comment: { body: string } }) => {
      p.comment.body = '@nanodex find greet';
    });
    const step = await runStep('issue_comment', payload, {});

    expect(step.code, step.log).toBe(0);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain('src/greet.ts');
    expect(step.outputs['comment-url']).toBe(github.comments[0]?.html_url);
    expect(JSON.parse(step.outputs.metrics ?? '{}')).toMatchObject({
      run: { command: 'find' },
      index: { files: 3 + GENERATED_FILES, parseErrors: 0, cache: { status: 'unavailable' } },
    });
    expect(existsSync(step.outputs['result-path'] ?? '')).toBe(true);
    expect(step.summary).toContain("Answered @Codertocat's request on #1: find (done).");
    expect(step.log.replace(/^::add-mask::.*$/gm, '')).not.toContain('ghs_e2eTokenNeverShown0123456789');
  });

  it('fails the step, with the summary written, when GitHub refuses to post', async () => {
    github = new FakeGitHub({ owner: OWNER, repo: REPO });
    github.failures.set('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403);
    const payload = examplePayload('issue_comment', 'created', (p: { comment: { body: string } }) => {
      p.comment.body = '@nanodex find greet';
    });
    const step = await runStep('issue_comment', payload, {});

    expect(step.code).toBe(1);
    expect(step.log).toMatch(/::error::nanodex could not finish: GitHub denied access \(HTTP 403\)/);
    expect(step.summary).toContain('The step failed');
  });

  it('fails the step at its deadline, with the summary and outputs written, when GitHub never answers', async () => {
    github = new FakeGitHub({ owner: OWNER, repo: REPO });
    hang = true;
    try {
      const payload = examplePayload('issue_comment', 'created', (p: { comment: { body: string } }) => {
        p.comment.body = '@nanodex find greet';
      });
      const started = Date.now();
      // Each GitHub call may wait 10 minutes: only the step's own deadline can end it within DEADLINE_STEP_MS.
      const step = await runStep('issue_comment', payload, {}, { NANODEX_DEADLINE_MS: '2000', NANODEX_GITHUB_TIMEOUT_MS: '600000' });

      expect(step.code).toBe(1);
      expect(Date.now() - started).toBeLessThan(DEADLINE_STEP_MS);
      expect(step.log).toContain('::error::nanodex did not finish within 2 s');
      expect(step.summary).toContain('The step failed');
      expect(existsSync(step.outputs['result-path'] ?? '')).toBe(true);
    } finally {
      hang = false;
    }
  });
});
