import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModelConfigError, parseModelConfig, type ModelConfig } from '../core/index.js';
import { DEFAULT_GITHUB_DEADLINE_MS, DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';
import { DEFAULT_CONCURRENCY, DEFAULT_INSTALL_INDEX_LIMIT } from './app-deps.js';
import { readWholeNumber, type EnvProblem } from './env-problem.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from './payload-limits.js';
import { readRedisEnv, type RedisEnv } from './scale/read-redis-env.js';

export interface AppEnv {
  appId: number;
  privateKey: string;
  webhookSecret: string;
  dataDir: string;
  port: number;
  host: string;
  webhookPath: string;
  /** Optional: read from GET /app at start when absent. */
  appSlug: string | undefined;
  concurrency: number;
  installIndexLimit: number;
  /** Undefined: offline (NANODEX_PROVIDER unset or `none`). */
  modelConfig: ModelConfig | undefined;
  /** GITHUB_API_URL: GitHub Enterprise Server's `https://HOST/api/v3`, or a local fake. */
  githubApiUrl: string;
  logLevel: LogLevel;
  /** LOG_FORMAT: JSON lines, or pino-pretty's lines for a person at a terminal. */
  logFormat: LogFormat;
  /** LOG_LEVEL_IN_STRING=true: `"level":"info"` in the JSON lines instead of pino's number (30). */
  logLevelInString: boolean;
  /** Per GitHub call: until the answer starts, then between chunks. */
  githubTimeoutMs: number;
  /** Per GitHub call, its retries and installation token included: past it the call fails (GitHub stopped answering). */
  githubDeadlineMs: number;
  /** A job (its quick part, then its work) that runs longer is failed with a reply. */
  jobDeadlineMs: number;
  /** SIGTERM to exit: jobs finish within it, or are failed with a reply (JobQueue.drain). */
  shutdownMs: number;
  /** REDIS_URL and its settings: stateless receivers and `nanodex worker` processes; undefined: one process. */
  redis: RedisEnv | undefined;
  /** NANODEX_GITHUB_THROTTLE (default on): pace writes per installation as github.com expects. */
  githubThrottle: boolean;
  /** NANODEX_MAX_PAYLOAD_BYTES (default 25 MB, GitHub's cap): no webhook body is read past it; each event has its own cap under it. */
  maxPayloadBytes: number;
}

/**
 * Time from SIGTERM to exit when nothing is set: under `docker stop`'s
 * default 10 s, after which the container is killed mid-reply. Raise it
 * together with `--stop-timeout` (or Kubernetes' terminationGracePeriodSeconds).
 */
export const DEFAULT_SHUTDOWN_MS = 9_000;

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

/** How the process is run, beside its environment: the log format follows where stdout goes. */
export interface AppSurroundings {
  /** process.stdout.isTTY: a person reading at a terminal. */
  stdoutIsTerminal: boolean;
}

/**
 * A job's deadline when nothing is set: a cold index of a large repository
 * plus a model-driven answer takes minutes; a job still running after 15 is
 * stuck, and holds one of the few job slots.
 */
export const DEFAULT_JOB_DEADLINE_MS = 15 * 60_000;

/**
 * The server's settings, checked once at start; every problem is reported
 * together with the variable and how to fix it, so a misconfigured
 * deployment fails at boot, not on its first webhook.
 */
export function readAppEnv(
  env: NodeJS.ProcessEnv,
  surroundings: AppSurroundings = { stdoutIsTerminal: false },
): { ok: true; env: AppEnv } | { ok: false; problems: EnvProblem[] } {
  const problems: EnvProblem[] = [];
  const need = (variable: string, fix: string): string | undefined => {
    const value = env[variable]?.trim();
    if (!value) problems.push({ variable, problem: 'is not set', fix });
    return value || undefined;
  };
  const appIdText = need('APP_ID', "set it to the App ID shown on the App's settings page (General > About)");
  const appId = Number(appIdText);
  if (appIdText !== undefined && (!Number.isInteger(appId) || appId <= 0)) {
    problems.push({
      variable: 'APP_ID',
      problem: `is ${JSON.stringify(appIdText)}, not a positive whole number`,
      fix: 'copy the numeric App ID (not the client ID)',
    });
  }
  const privateKey = readPrivateKey(env, problems);
  const webhookSecret = need('WEBHOOK_SECRET', 'set it to the webhook secret entered when the App was registered');
  const dataDir = need(
    'NANODEX_DATA_DIR',
    'set it to a writable folder for the indexes, e.g. /var/lib/nanodex (one SQLite file per repository)',
  );
  const port = readWholeNumber(env, 'PORT', 3000, problems, 0);
  const concurrency = readWholeNumber(env, 'NANODEX_CONCURRENCY', DEFAULT_CONCURRENCY, problems);
  const installIndexLimit = readWholeNumber(env, 'NANODEX_INSTALL_INDEX_LIMIT', DEFAULT_INSTALL_INDEX_LIMIT, problems, 0);
  const githubApiUrl = readUrl(env, 'GITHUB_API_URL', 'https://api.github.com', problems);
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push({
      variable: 'LOG_LEVEL',
      problem: `is ${JSON.stringify(logLevel)}`,
      fix: `use one of ${LOG_LEVELS.join(', ')} (default info)`,
    });
  }
  const { logFormat, logLevelInString } = readLogFormat(env, surroundings, problems);
  const githubTimeoutMs = readWholeNumber(env, 'NANODEX_GITHUB_TIMEOUT_MS', DEFAULT_GITHUB_TIMEOUT_MS, problems);
  // Unset, it is at least one attempt long: raising the timeout alone (a slow GitHub Enterprise Server) keeps working.
  const githubDeadlineMs = readWholeNumber(
    env,
    'NANODEX_GITHUB_DEADLINE_MS',
    Math.max(DEFAULT_GITHUB_DEADLINE_MS, githubTimeoutMs),
    problems,
  );
  if (githubDeadlineMs < githubTimeoutMs) {
    problems.push({
      variable: 'NANODEX_GITHUB_DEADLINE_MS',
      problem: `is ${githubDeadlineMs}, less than NANODEX_GITHUB_TIMEOUT_MS (${githubTimeoutMs}): a call would be given up before its first attempt timed out`,
      fix: `raise it to at least ${githubTimeoutMs} (default ${DEFAULT_GITHUB_DEADLINE_MS}), or lower NANODEX_GITHUB_TIMEOUT_MS`,
    });
  }
  const jobDeadlineMs = readWholeNumber(env, 'NANODEX_JOB_DEADLINE_MS', DEFAULT_JOB_DEADLINE_MS, problems);
  const shutdownMs = readWholeNumber(env, 'NANODEX_SHUTDOWN_MS', DEFAULT_SHUTDOWN_MS, problems);
  const maxPayloadBytes = readWholeNumber(env, 'NANODEX_MAX_PAYLOAD_BYTES', DEFAULT_MAX_PAYLOAD_BYTES, problems);
  const redis = readRedisEnv(env, problems);
  const throttleText = env.NANODEX_GITHUB_THROTTLE?.trim() || 'on';
  if (throttleText !== 'on' && throttleText !== 'off') {
    problems.push({
      variable: 'NANODEX_GITHUB_THROTTLE',
      problem: `is ${JSON.stringify(throttleText)}`,
      fix: 'use on (the default: writes paced as github.com expects) or off (a GitHub Enterprise Server without rate limits)',
    });
  }
  let modelConfig: ModelConfig | undefined;
  try {
    modelConfig = readModelEnv(env);
  } catch (error) {
    if (!(error instanceof ModelConfigError)) throw error;
    for (const p of error.problems) problems.push({ variable: `model ${p.path}`, problem: p.problem, fix: p.fix });
  }
  if (problems.length > 0 || !privateKey || !webhookSecret || !dataDir) return { ok: false, problems };
  return {
    ok: true,
    env: {
      appId,
      privateKey,
      webhookSecret,
      dataDir: path.resolve(dataDir),
      port,
      host: env.HOST?.trim() || '0.0.0.0',
      webhookPath: env.WEBHOOK_PATH?.trim() || '/api/github/webhooks',
      appSlug: env.NANODEX_APP_SLUG?.trim() || undefined,
      concurrency,
      installIndexLimit,
      modelConfig,
      githubApiUrl,
      logLevel,
      logFormat,
      logLevelInString,
      githubTimeoutMs,
      githubDeadlineMs,
      jobDeadlineMs,
      shutdownMs,
      redis,
      githubThrottle: throttleText !== 'off',
      maxPayloadBytes,
    },
  };
}

export function renderEnvProblems(problems: EnvProblem[]): string {
  const lines = problems.map((p) => `  - ${p.variable} ${p.problem}. Fix: ${p.fix}.`);
  return `nanodex App cannot start: ${problems.length} problem(s) in the environment:\n${lines.join('\n')}\nSee docs/app.md for every variable.\n`;
}

/**
 * LOG_FORMAT as docs/app.md says: `json` or `pretty` when set; otherwise
 * JSON lines in production (NODE_ENV=production, as in the image) or when
 * stdout is not a terminal (a container's log driver, a file, a pipe), and
 * pretty lines for a person at a terminal. Probot reads LOG_FORMAT only in
 * its own `createProbot`; `new Probot` defaults to pretty, which is why the
 * App printed pretty lines everywhere until it passed the format itself.
 */
function readLogFormat(
  env: NodeJS.ProcessEnv,
  surroundings: AppSurroundings,
  problems: EnvProblem[],
): { logFormat: LogFormat; logLevelInString: boolean } {
  const given = env.LOG_FORMAT?.trim();
  let logFormat: LogFormat = env.NODE_ENV?.trim() === 'production' || !surroundings.stdoutIsTerminal ? 'json' : 'pretty';
  if (given === 'json' || given === 'pretty') logFormat = given;
  else if (given) {
    problems.push({
      variable: 'LOG_FORMAT',
      problem: `is ${JSON.stringify(given)}`,
      fix: 'use json (one JSON object a line) or pretty (for a terminal), or remove it: JSON unless stdout is a terminal outside production',
    });
  }
  const inString = env.LOG_LEVEL_IN_STRING?.trim() || 'false';
  if (inString !== 'true' && inString !== 'false') {
    problems.push({
      variable: 'LOG_LEVEL_IN_STRING',
      problem: `is ${JSON.stringify(inString)}`,
      fix: "use true (levels as words in the JSON lines) or false (pino's numbers, the default)",
    });
  }
  return { logFormat, logLevelInString: inString === 'true' };
}

/** The same variables as the CLI: NANODEX_PROVIDER, NANODEX_MODEL, NANODEX_<PROVIDER>_API_KEY, NANODEX_BASE_URL. */
function readModelEnv(env: NodeJS.ProcessEnv): ModelConfig | undefined {
  const provider = env.NANODEX_PROVIDER?.trim() || 'none';
  if (provider === 'none') return undefined;
  const key = env[`NANODEX_${provider.toUpperCase()}_API_KEY`];
  return parseModelConfig({
    provider,
    ...(env.NANODEX_MODEL ? { model: env.NANODEX_MODEL } : {}),
    ...(key ? { apiKey: key } : {}),
    ...(env.NANODEX_BASE_URL ? { baseUrl: env.NANODEX_BASE_URL } : {}),
  });
}

function readPrivateKey(env: NodeJS.ProcessEnv, problems: EnvProblem[]): string | undefined {
  let key = env.PRIVATE_KEY?.trim();
  let variable = 'PRIVATE_KEY';
  if (!key && env.PRIVATE_KEY_PATH?.trim()) {
    variable = 'PRIVATE_KEY_PATH';
    try {
      key = readFileSync(env.PRIVATE_KEY_PATH.trim(), 'utf8').trim();
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      problems.push({
        variable,
        problem: `names a file that cannot be read (${reason})`,
        fix: "point it at the .pem file downloaded from the App's settings",
      });
      return undefined;
    }
  }
  if (!key) {
    problems.push({
      variable: 'PRIVATE_KEY or PRIVATE_KEY_PATH',
      problem: 'is not set',
      fix: "generate a private key on the App's settings page; pass its contents or its path",
    });
    return undefined;
  }
  // Probot accepts a base64-encoded key too (for platforms without multi-line variables).
  if (!key.includes('-----BEGIN')) {
    const decoded = Buffer.from(key, 'base64').toString('utf8');
    if (decoded.includes('-----BEGIN')) return decoded;
    problems.push({
      variable,
      problem: 'is not a PEM private key',
      fix: 'use the whole .pem file, from -----BEGIN RSA PRIVATE KEY----- to the END line (or its base64)',
    });
    return undefined;
  }
  return key.replace(/\\n/g, '\n');
}

function readUrl(env: NodeJS.ProcessEnv, variable: string, fallback: string, problems: EnvProblem[]): string {
  const text = env[variable]?.trim();
  if (!text) return fallback;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    problems.push({
      variable,
      problem: `is ${JSON.stringify(text)}, not an http(s) URL`,
      fix: `remove it for ${fallback}, or set GitHub Enterprise Server's API URL, e.g. https://github.example.com/api/v3`,
    });
    return fallback;
  }
  return text.replace(/\/+$/, '');
}
