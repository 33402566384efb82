import { createRequire } from 'node:module';
import nock from 'nock';
import { Probot, ProbotOctokit, type Context } from 'probot';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ChatModel } from '../../src/core/llm/chat-model.js';
import { createAppDeps } from '../../src/app/app-deps.js';
import { createNanodexApp } from '../../src/app/create-app.js';
import { LocalRepoIndexes } from '../../src/app/local-repo-indexes.js';
import type { RepoIndexes } from '../../src/app/repo-indexes.js';
import { recordingLogger } from '../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';
import { checkRequestBody } from '../github/check-request-body.js';
import { FakeGitHub } from './fake-github.js';
import { PRIVATE_KEY } from './test-key.js';

export const INSTALLATION_ID = 4242;

beforeAll(() => {
  nock.disableNetConnect();
});
const fakes: FakeGitHub[] = [];
afterEach(() => {
  nock.cleanAll();
  // Every body the App sent must match GitHub's published REST description (a misspelt field fails here).
  for (const fake of fakes.splice(0)) {
    for (const write of fake.writes()) {
      checkRequestBody(write.method, write.template, write.body);
    }
  }
});
afterAll(() => {
  nock.enableNetConnect();
});

/** Probot's octokit without throttling or retries (DEPS.md: the function form, or the defaults are silently kept). */
export const TestOctokit = ProbotOctokit.defaults((options: Record<string, unknown> & { throttle?: object }) => ({
  ...options,
  retry: { enabled: false },
  throttle: { ...options?.throttle, enabled: false },
}));

export interface Harness {
  probot: Probot;
  deps: ReturnType<typeof createAppDeps>;
  github: FakeGitHub;
  logger: ReturnType<typeof recordingLogger>;
  /** Delivers one event and waits until every job it queued has settled. */
  receive<
    E extends 'issue_comment' | 'pull_request' | 'pull_request_review_comment' | 'push' | 'installation' | 'installation_repositories',
  >(
    name: E,
    payload: unknown,
    id?: string,
  ): Promise<void>;
}

let deliveries = 0;

/** The App as the server builds it, over a local sample repository's index, with GitHub faked behind nock. */
export async function createHarness(
  options: { indexes?: RepoIndexes; Octokit?: typeof ProbotOctokit; files?: Record<string, string>; model?: ChatModel } = {},
): Promise<Harness> {
  const github = new FakeGitHub().install();
  fakes.push(github);
  const logger = recordingLogger();
  const indexes = options.indexes ?? new LocalRepoIndexes(makeTempRepo(options.files ?? SAMPLE_FILES), { dataDir: makeTempDir() });
  const deps = createAppDeps({ appSlug: 'nanodex', indexes, logger, concurrency: 2, model: options.model });
  const probot = new Probot({
    appId: 1,
    privateKey: PRIVATE_KEY,
    secret: 'test-secret',
    Octokit: options.Octokit ?? TestOctokit,
    logLevel: 'fatal',
  });
  await probot.load(createNanodexApp(deps));
  return {
    probot,
    deps,
    github,
    logger,
    async receive(name, payload, id) {
      deliveries += 1;
      await probot.receive({ id: id ?? `delivery-${deliveries}`, name, payload } as Parameters<Probot['receive']>[0]);
      await deps.queue.onIdle();
    },
  };
}

const require = createRequire(import.meta.url);
type Examples = { name: string; examples: Record<string, unknown>[] }[];
export const WEBHOOK_EXAMPLES = require('@octokit/webhooks-examples') as Examples;

export function examplesOf(name: string): Record<string, unknown>[] {
  return structuredClone(WEBHOOK_EXAMPLES.find((e) => e.name === name)?.examples ?? []);
}

type CommentPayload = Context<'issue_comment.created'>['payload'];

/** GitHub's own `issue_comment.created` example with our installation, body and author. */
export function mentionPayload(
  body: string,
  options: { login?: string; type?: string; onPullRequest?: boolean; association?: string; commentId?: number } = {},
): CommentPayload {
  const example = examplesOf('issue_comment').find((e) => e.action === 'created') as unknown as CommentPayload;
  example.installation = { id: INSTALLATION_ID, node_id: 'x' };
  example.comment.body = body;
  if (options.commentId !== undefined) example.comment.id = options.commentId;
  example.comment.user = { ...example.comment.user!, login: options.login ?? 'Codertocat', type: (options.type ?? 'User') as 'User' };
  example.comment.author_association = (options.association ?? 'OWNER') as 'OWNER';
  if (options.onPullRequest) {
    example.issue.pull_request = {
      url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
      html_url: '',
      diff_url: '',
      patch_url: '',
    };
  } else {
    delete example.issue.pull_request;
  }
  return example;
}

type PullRequestPayload = Context<'pull_request.opened'>['payload'];

export function pullRequestPayload(action: string, options: { draft?: boolean; head?: string; base?: string } = {}): PullRequestPayload {
  const example = examplesOf('pull_request').find((e) => e.action === 'opened') as unknown as PullRequestPayload;
  (example as { action: string }).action = action;
  example.installation = { id: INSTALLATION_ID, node_id: 'x' };
  example.pull_request.draft = options.draft ?? false;
  example.pull_request.head.sha = options.head ?? 'b'.repeat(40);
  example.pull_request.base.sha = options.base ?? 'a'.repeat(40);
  return example;
}

/** The sticky comment of a request: the marker line, then what a person reads. */
export function stickyBodies(github: FakeGitHub, issue = 1): string[] {
  return github.thread(issue).map((c) => c.body);
}

export function expectNoUnknownCalls(github: FakeGitHub): void {
  expect(github.unknown, 'every GitHub call the App made has a known route').toEqual([]);
}
