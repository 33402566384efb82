import { accessSync, constants, mkdirSync } from 'node:fs';
import { Probot } from 'probot';
import { describeError, type Logger } from '../core/index.js';
import { createAppOctokit } from './app-octokit.js';
import type { EnvProblem } from './env-problem.js';
import type { AppEnv } from './read-app-env.js';
import { toLogger } from './to-logger.js';

// What the App's entries share at start: the receiver (npm start) and the worker (npm run worker).

export interface RunningApp {
  url: string;
  logger: Logger;
  /** Stops taking webhooks, lets the queued jobs finish, closes the server. */
  stop(): Promise<void>;
}

export type AppStart = { ok: true; app: RunningApp } | { ok: false; problems: EnvProblem[] };

/** Probot as the receiver and the workers build it, ready, with the App's logger. */
export async function createProbot(env: AppEnv): Promise<{ probot: Probot; logger: Logger & { flushed(): Promise<void> } }> {
  const probot = new Probot({
    Octokit: createAppOctokit({ timeoutMs: env.githubTimeoutMs, deadlineMs: env.githubDeadlineMs, throttle: env.githubThrottle }),
    appId: env.appId,
    privateKey: env.privateKey,
    secret: env.webhookSecret,
    baseUrl: env.githubApiUrl,
    logLevel: env.logLevel === 'silent' ? 'fatal' : env.logLevel,
    logFormat: env.logFormat,
    logLevelInString: env.logLevelInString,
  });
  // Probot builds its logger and webhooks asynchronously: `probot.log` is null until it is ready.
  await probot.ready();
  return { probot, logger: env.logLevel === 'silent' ? silentLogger : toLogger(probot.log) };
}

/** The slug from NANODEX_APP_SLUG, else from GET /app (one call, at start). */
export async function findAppSlug(probot: Probot, env: AppEnv): Promise<{ ok: true; slug: string } | { ok: false; problem: EnvProblem }> {
  if (env.appSlug) return { ok: true, slug: env.appSlug };
  const fix =
    "set NANODEX_APP_SLUG to the App's slug (the name in its URL, github.com/apps/<slug>) to skip this call, " +
    'and check that GITHUB_API_URL, APP_ID and the private key are right';
  try {
    // No retries: at start-up a quick, clear failure beats a silent minute of back-off.
    const { data } = await (await probot.auth()).request('GET /app', { request: { retries: 0 } });
    const slug = (data as { slug?: unknown } | null)?.slug;
    if (typeof slug === 'string' && slug !== '') return { ok: true, slug };
    return {
      ok: false,
      problem: { variable: 'NANODEX_APP_SLUG', problem: `is not set and GET ${env.githubApiUrl}/app returned no slug`, fix },
    };
  } catch (error) {
    return {
      ok: false,
      problem: {
        variable: 'NANODEX_APP_SLUG',
        problem: `is not set and GET ${env.githubApiUrl}/app failed (${describeError(error).slice(0, 200)})`,
        fix,
      },
    };
  }
}

export function checkDataDir(dataDir: string): EnvProblem | undefined {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : describeError(error);
    return {
      variable: 'NANODEX_DATA_DIR',
      problem: `names ${dataDir}, which cannot be created or written (${code})`,
      fix: "point it at a folder the App's user can write, e.g. a mounted volume",
    };
  }
}

export function toListenProblem(error: unknown, env: AppEnv): EnvProblem {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'EADDRINUSE')
    return {
      variable: 'PORT',
      problem: `is ${env.port}, which another process on ${env.host} already uses`,
      fix: 'stop that process or set PORT to a free port',
    };
  if (code === 'EACCES')
    return { variable: 'PORT', problem: `is ${env.port}, which this user may not listen on`, fix: 'use a port above 1023' };
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return {
      variable: 'HOST',
      problem: `is ${env.host}, not an address of this machine`,
      fix: 'remove it to listen on every address (0.0.0.0)',
    };
  return {
    variable: 'PORT/HOST',
    problem: `the server could not listen on ${env.host}:${env.port} (${describeError(error)})`,
    fix: 'check PORT and HOST',
  };
}

export const silentLogger: Logger & { flushed(): Promise<void> } = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  flushed: async () => undefined,
};
