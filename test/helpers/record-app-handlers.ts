import { createRequire } from 'node:module';
import type { AppDeps } from '../../src/app/app-deps.js';
import { createNanodexApp } from '../../src/app/create-app.js';
import type { Job } from '../../src/app/job-queue.js';
import { silentLogger } from '../../src/core/ports.js';

type Handler = (context: unknown) => Promise<void>;

/**
 * The App's real handlers, registered on a stand-in for Probot that records
 * `app.on` calls, so a payload can be handed to its handler directly: no
 * signature, no HTTP, no GitHub. Handlers only build jobs; the jobs are
 * collected, never run.
 */
export function recordAppHandlers(): { deliver(name: string, payload: unknown): Promise<Job[]> } {
  const handlers = new Map<string, Handler>();
  const recorder = {
    on: (events: string | string[], handler: Handler) => {
      for (const e of [events].flat()) handlers.set(e, handler);
    },
  };
  let jobs: Job[] = [];
  const deps = {
    appSlug: 'nanodex',
    logger: silentLogger,
    installIndexLimit: 10,
    queue: {
      enqueue: (job: Job) => {
        jobs.push(job);
      },
    },
  } as unknown as AppDeps;
  void createNanodexApp(deps)(recorder as never, { cwd: '.', addHandler: () => undefined });
  return {
    async deliver(name, payload) {
      const action = (payload as { action?: unknown } | null)?.action;
      // As @octokit/webhooks picks hooks (event-handler/receive.js): the action, when truthy, is put into a template string.
      const handler = (action ? handlers.get(`${name}.${action as string}`) : undefined) ?? handlers.get(name);
      jobs = [];
      await handler?.({ name, id: 'delivery', payload, octokit: {} });
      return jobs;
    },
  };
}

type Examples = { name: string; examples: Record<string, unknown>[] }[];
const require = createRequire(import.meta.url);
const WEBHOOK_EXAMPLES = require('@octokit/webhooks-examples') as Examples;

/** GitHub's recorded deliveries of one event (copies: edit freely). */
export function recordedExamples(name: string): Record<string, unknown>[] {
  return structuredClone(WEBHOOK_EXAMPLES.find((e) => e.name === name)?.examples ?? []);
}

/** A payload the handlers act on: with an installation, mentions that mention nanodex, pushes to the default branch. */
export function toActionable(payload: Record<string, unknown>): Record<string, unknown> {
  payload.installation = { id: 1 };
  if (typeof payload.comment === 'object' && payload.comment !== null)
    (payload.comment as Record<string, unknown>).body = '@nanodex plan add retries';
  if (typeof payload.ref === 'string') {
    Object.assign(payload, {
      ref: 'refs/heads/main',
      deleted: false,
      after: 'a'.repeat(40),
      repository: { ...(payload.repository as object), default_branch: 'main' },
    });
  }
  return payload;
}
