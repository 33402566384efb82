import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REPO_CONFIG, type RepoConfig } from '../../../src/core/config/repo-config.js';
import { reviewChange } from '../../../src/core/flows/review-change.js';
import type { Workspace } from '../../../src/core/flows/workspace.js';
import { silentLogger, systemClock, type Logger } from '../../../src/core/ports.js';
import type { Request, RunResult } from '../../../src/core/request.js';
import { fingerprintFinding, markFingerprint, readReviewState, writeReviewState } from '../../../src/core/review/review-state.js';
import { run as coreRun } from '../../../src/core/run.js';
import type { GitHubClient } from '../../../src/github/github-client.js';
import { GitHubThread } from '../../../src/github/github-thread.js';
import { checkRequestBody } from '../../github/check-request-body.js';
import { github, makeOctokit } from '../../github/github-nock.js';

// The review's run is scripted: these tests are about the flow around it (state, fingerprints, replies), over GitHub.
vi.mock('../../../src/core/run.js', () => ({ run: vi.fn() }));

interface ReviewPullRequestInput {
  owner: string;
  repo: string;
  pullNumber: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
  selfLogin: string;
  config: RepoConfig;
  htmlUrl?: string;
}

/** A workspace that is never read: the run is scripted. */
const NO_WORKSPACE: Workspace = {
  open: async () => ({ source: {} as never, index: {} as never, repo: { kind: 'local', root: '/nowhere' }, close: () => undefined }),
};

/** The core's review over GitHubThread, with the run answered by `deps.runReview`. */
function reviewPullRequest(
  client: GitHubClient,
  deps: { runReview: (request: Request) => Promise<RunResult>; logger: Logger },
  input: ReviewPullRequestInput,
) {
  vi.mocked(coreRun).mockImplementation((request) => deps.runReview(request));
  const thread = new GitHubThread(
    client,
    { owner: input.owner, repo: input.repo, number: input.pullNumber },
    { selfLogin: input.selfLogin, logger: deps.logger },
  );
  return reviewChange(
    {
      pr: { number: input.pullNumber, baseSha: input.baseSha, headSha: input.headSha, title: input.title, body: input.body },
      config: input.config,
      htmlUrl: input.htmlUrl ?? `https://github.com/${input.owner}/${input.repo}`,
    },
    thread,
    { workspace: NO_WORKSPACE, logger: deps.logger, clock: systemClock },
  );
}

const BASE = 'a'.repeat(40);
const OLD_HEAD = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);
const MARKER = '<!-- nanodex:sticky:review-5 -->';
const STICKY_URL = 'https://github.com/o/r/pull/5#issuecomment-900';
const INPUT: ReviewPullRequestInput = {
  owner: 'o',
  repo: 'r',
  pullNumber: 5,
  baseSha: BASE,
  headSha: HEAD,
  title: 'Add cache',
  body: 'Adds a cache.',
  selfLogin: 'nanodex[bot]',
  config: DEFAULT_REPO_CONFIG,
};
const DIFF = [
  'diff --git a/src/cache.ts b/src/cache.ts\n--- a/src/cache.ts\n+++ b/src/cache.ts\n@@ -1 +1,2 @@\n const a = 1;\n+eval(input);\n',
  'diff --git a/dist/cache.js b/dist/cache.js\n--- a/dist/cache.js\n+++ b/dist/cache.js\n@@ -1 +1 @@\n-x\n+y\n',
].join('');

interface Finding {
  path: string;
  line: number;
  quote: string;
  kind: string;
  body: string;
}
const EVAL: Finding = { path: 'src/cache.ts', line: 2, quote: 'eval(input);', kind: 'risk:eval', body: 'Avoid eval.' };
const NAMING: Finding = { path: 'src/cache.ts', line: 1, quote: 'const a = 1;', kind: 'model', body: 'Name it.' };
const TODO: Finding = { path: 'src/cache.ts', line: 1, quote: 'const a', kind: 'model', body: 'Typed?' };

function reviewed(findings: Finding[]): RunResult {
  const inline = findings.map((f) => ({
    path: f.path,
    line: f.line,
    side: 'RIGHT',
    body: f.body,
    draft: { path: f.path, quote: f.quote, kind: f.kind, body: f.body },
  }));
  return {
    kind: 'done',
    command: 'review',
    output: { kind: 'review', review: { findings: [] }, placed: { inline, needsJudgement: [] } },
    comment: { body: '## Review\nLooks fine.', reviewComments: inline.map(({ draft: _draft, ...c }) => c), issueDraft: undefined },
  } as unknown as RunResult;
}

function stickyComment(body: string) {
  return { id: 900, body: `${MARKER}\n${body}`, user: { login: 'nanodex[bot]', type: 'Bot' }, html_url: STICKY_URL };
}

/** Scripts the runner and records the request it got. */
function runner(result: RunResult) {
  const requests: Request[] = [];
  return {
    requests,
    runReview: async (request: Request) => {
      requests.push(request);
      return result;
    },
  };
}

/** The sticky comment's bodies, in the order nanodex wrote them. */
function recordSticky(scope: ReturnType<typeof github>, existing: boolean, times: number): string[] {
  const bodies: string[] = [];
  const record = (body: { body: string }) => {
    bodies.push(body.body);
    return true;
  };
  let first = true;
  for (let i = 0; i < times; i += 1) {
    // Not found at the start: the first write looks once more (another delivery may have posted it meanwhile), then creates.
    if (first && !existing)
      scope
        .get('/repos/o/r/issues/5/comments')
        .query(true)
        .reply(200, [])
        .post('/repos/o/r/issues/5/comments', record)
        .reply(201, stickyComment(''));
    else scope.patch('/repos/o/r/issues/comments/900', record).reply(200, stickyComment(''));
    first = false;
  }
  return bodies;
}

function noThreads() {
  return { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } } } };
}

describe('reviewPullRequest', () => {
  describe('on a pull request nanodex has not reviewed', () => {
    it('reviews the whole diff, posts the inline comments and leaves the state in the summary', async () => {
      const scope = github().get('/repos/o/r/issues/5/comments').query(true).reply(200, []);
      const bodies = recordSticky(scope, false, 2);
      let reviewBody: { body?: string; comments?: { body: string }[] } = {};
      scope
        .get('/repos/o/r/pulls/5')
        .reply(200, DIFF)
        .post('/graphql')
        .reply(200, noThreads())
        .post('/repos/o/r/pulls/5/reviews', (body) => {
          checkRequestBody('POST', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', body);
          reviewBody = body;
          return true;
        })
        .reply(200, { id: 1, html_url: 'https://github.com/o/r/pull/5#pullrequestreview-1' });
      const run = runner(reviewed([EVAL]));

      const outcome = await reviewPullRequest(
        makeOctokit(),
        { runReview: run.runReview, logger: silentLogger },
        { ...INPUT, config: { ...DEFAULT_REPO_CONFIG, review: { ...DEFAULT_REPO_CONFIG.review, exclude: ['dist/'] } } },
      );

      expect(outcome).toMatchObject({ outcome: 'reviewed', url: 'https://github.com/o/r/pull/5#pullrequestreview-1' });
      expect(run.requests).toEqual([
        expect.objectContaining({
          command: 'review',
          prompt: 'Review this change.',
          diff: DIFF.split('diff --git a/dist')[0],
          pullRequest: { number: 5, title: 'Add cache', body: 'Adds a cache.', baseSha: BASE, headSha: HEAD },
          repo: { kind: 'local', root: '/nowhere' },
          links: { htmlUrl: 'https://github.com/o/r', sha: HEAD },
          // The settings the rules and path instructions read travel with the request.
          review: { ...DEFAULT_REPO_CONFIG.review, exclude: ['dist/'] },
        }),
      ]);
      const fp = fingerprintFinding(EVAL);
      expect(reviewBody.comments?.map((c) => c.body)).toEqual([markFingerprint('Avoid eval.', fp)]);
      expect(bodies[0]).toMatch(/^<!-- nanodex:sticky:review-5 -->\n⏳ nanodex is working on `review` … \(commit `ccccccc`\)/);
      expect(bodies[1]).toMatchInlineSnapshot(`
        "<!-- nanodex:sticky:review-5 -->
        ## Review
        Looks fine.

        <sub>Reviewed the whole pull request up to \`ccccccc\`: 1 new inline comment ([review](https://github.com/o/r/pull/5#pullrequestreview-1)); 1 file left out by the review settings.</sub>

        <!-- nanodex:review-state {"reviewedShas":["cccccccccccccccccccccccccccccccccccccccc"],"fingerprints":["${fp}"]} -->"
      `);
    });
  });

  describe('when the head was already reviewed', () => {
    it('does nothing', async () => {
      github()
        .get('/repos/o/r/issues/5/comments')
        .query(true)
        .reply(200, [stickyComment(writeReviewState('old', { reviewedShas: [HEAD], fingerprints: [] }))]);
      const run = runner(reviewed([]));
      await expect(reviewPullRequest(makeOctokit(), { runReview: run.runReview, logger: silentLogger }, INPUT)).resolves.toEqual({
        outcome: 'up-to-date',
        url: STICKY_URL,
      });
      expect(run.requests).toEqual([]);
    });
  });

  describe('on new commits after a review', () => {
    const earlier = writeReviewState('old summary', { reviewedShas: [OLD_HEAD], fingerprints: [fingerprintFinding(NAMING)] });
    const resolved = {
      data: {
        repository: {
          pullRequest: {
            reviewThreads: {
              pageInfo: { hasNextPage: false, endCursor: null },
              nodes: [
                {
                  isResolved: true,
                  comments: {
                    nodes: [
                      { body: markFingerprint('Typed?', fingerprintFinding(TODO)), author: { login: 'nanodex' }, reactionGroups: [] },
                    ],
                  },
                },
              ],
            },
          },
        },
      },
    };

    it('reviews only the new commits and does not repeat raised or resolved findings', async () => {
      const scope = github()
        .get('/repos/o/r/issues/5/comments')
        .query(true)
        .reply(200, [stickyComment(earlier)]);
      const bodies = recordSticky(scope, true, 2);
      let posted: string[] = [];
      scope
        .get('/repos/o/r/pulls/5')
        .reply(200, DIFF)
        .get(`/repos/o/r/compare/${OLD_HEAD}...${HEAD}`)
        .reply(200, DIFF)
        .post('/graphql')
        .reply(200, resolved)
        .post('/repos/o/r/pulls/5/reviews', (body) => {
          posted = body.comments.map((c: { body: string }) => c.body);
          return true;
        })
        .reply(200, { id: 2, html_url: 'https://github.com/o/r/pull/5#pullrequestreview-2' });
      const outcome = await reviewPullRequest(
        makeOctokit(),
        { runReview: runner(reviewed([EVAL, NAMING, TODO])).runReview, logger: silentLogger },
        INPUT,
      );
      expect(outcome.outcome).toBe('reviewed');
      expect(posted).toEqual([markFingerprint('Avoid eval.', fingerprintFinding(EVAL))]);
      expect(bodies[1]).toContain('Reviewed the commits since `bbbbbbb` up to `ccccccc`: 1 new inline comment');
      expect(bodies[1]).toContain('2 already raised, resolved or dismissed, not repeated');
      expect(readReviewState(bodies[1]!)).toEqual({
        reviewedShas: [OLD_HEAD, HEAD],
        fingerprints: [fingerprintFinding(NAMING), fingerprintFinding(EVAL)],
      });
    });

    it("leaves out files the new commits bring in from elsewhere (a merge of main), reviewing only the pull request's own", async () => {
      const scope = github()
        .get('/repos/o/r/issues/5/comments')
        .query(true)
        .reply(200, [stickyComment(earlier)]);
      recordSticky(scope, true, 2);
      const upstream = 'diff --git a/src/other.ts b/src/other.ts\n--- a/src/other.ts\n+++ b/src/other.ts\n@@ -1 +1 @@\n-a\n+b\n';
      scope
        .get('/repos/o/r/pulls/5')
        .reply(200, DIFF)
        .get(`/repos/o/r/compare/${OLD_HEAD}...${HEAD}`)
        .reply(200, DIFF + upstream)
        .post('/graphql')
        .reply(200, noThreads());
      const run = runner(reviewed([]));
      await reviewPullRequest(makeOctokit(), { runReview: run.runReview, logger: silentLogger }, INPUT);
      expect(run.requests[0]!.diff).toContain('src/cache.ts');
      expect(run.requests[0]!.diff).not.toContain('src/other.ts');
    });

    it('reviews the whole pull request when the last reviewed commit was force-pushed away', async () => {
      const scope = github()
        .get('/repos/o/r/issues/5/comments')
        .query(true)
        .reply(200, [stickyComment(earlier)]);
      recordSticky(scope, true, 2);
      scope
        .get('/repos/o/r/pulls/5')
        .reply(200, DIFF)
        .get(`/repos/o/r/compare/${OLD_HEAD}...${HEAD}`)
        .reply(404, { message: 'Not Found' })
        .post('/graphql')
        .reply(200, noThreads());
      const outcome = await reviewPullRequest(
        makeOctokit(),
        { runReview: runner(reviewed([NAMING])).runReview, logger: silentLogger },
        INPUT,
      );
      expect(outcome).toMatchObject({ outcome: 'reviewed', url: STICKY_URL });
    });
  });

  describe('when no changed file is under review.include', () => {
    it('skips without running and remembers the commit', async () => {
      const scope = github().get('/repos/o/r/issues/5/comments').query(true).reply(200, []);
      const bodies = recordSticky(scope, false, 2);
      scope.get('/repos/o/r/pulls/5').reply(200, DIFF);
      const run = runner(reviewed([]));
      const config = { ...DEFAULT_REPO_CONFIG, review: { ...DEFAULT_REPO_CONFIG.review, include: ['docs/'] } };
      await expect(
        reviewPullRequest(makeOctokit(), { runReview: run.runReview, logger: silentLogger }, { ...INPUT, config }),
      ).resolves.toEqual({ outcome: 'skipped', url: STICKY_URL });
      expect(run.requests).toEqual([]);
      expect(bodies[1]).toContain('no changed file matches `review.include` / `review.exclude`');
      expect(readReviewState(bodies[1]!)?.reviewedShas).toEqual([HEAD]);
    });
  });

  describe('when the run does not finish', () => {
    it('says the review is incomplete on a budget limit, posts no review and does not mark the commit reviewed', async () => {
      const scope = github().get('/repos/o/r/issues/5/comments').query(true).reply(200, []);
      const bodies = recordSticky(scope, false, 2);
      scope.get('/repos/o/r/pulls/5').reply(200, DIFF);
      const budget = {
        kind: 'budget-exceeded',
        limit: 'files',
        used: 25,
        allowed: 25,
        gathered: [],
        howToRaise: 'add files=50',
        metrics: {},
      } as unknown as RunResult;
      const outcome = await reviewPullRequest(makeOctokit(), { runReview: runner(budget).runReview, logger: silentLogger }, INPUT);
      expect(outcome).toMatchObject({ outcome: 'failed', url: STICKY_URL });
      expect(bodies[1]).toContain('the files read budget was reached');
      expect(bodies[1]).toContain('The review of `ccccccc` is incomplete, so no inline comments were posted.');
      expect(readReviewState(bodies[1]!)?.reviewedShas).toEqual([]);
    });

    it('reports a failed run with its reference id', async () => {
      const scope = github().get('/repos/o/r/issues/5/comments').query(true).reply(200, []);
      const bodies = recordSticky(scope, false, 2);
      scope.get('/repos/o/r/pulls/5').reply(200, DIFF);
      const failed: RunResult = { kind: 'failed', message: 'the model provider refused the key', referenceId: 'ref00001' };
      const outcome = await reviewPullRequest(makeOctokit(), { runReview: runner(failed).runReview, logger: silentLogger }, INPUT);
      expect(outcome).toMatchObject({ outcome: 'failed', url: STICKY_URL, referenceId: 'ref00001' });
      expect(bodies[1]).toMatch(
        /^<!-- nanodex:sticky:review-5 -->\nnanodex could not finish: the model provider refused the key \(reference `ref00001`\)/,
      );
    });
  });

  describe('when GitHub fails midway', () => {
    it('puts the error and a reference id in the summary, and logs the same id', async () => {
      const errors: Record<string, unknown>[] = [];
      const logger = {
        ...silentLogger,
        error: (_m: string, fields?: Record<string, unknown>) => {
          errors.push(fields ?? {});
        },
      };
      const scope = github().get('/repos/o/r/issues/5/comments').query(true).reply(200, []);
      const bodies = recordSticky(scope, false, 2);
      scope
        .get('/repos/o/r/pulls/5')
        .reply(200, DIFF)
        .post('/graphql')
        .reply(200, noThreads())
        .post('/repos/o/r/pulls/5/reviews')
        .reply(403, { message: 'Resource not accessible by integration' });
      const outcome = await reviewPullRequest(makeOctokit(), { runReview: runner(reviewed([EVAL])).runReview, logger }, INPUT);
      expect(outcome).toMatchObject({ outcome: 'failed', url: STICKY_URL, referenceId: expect.stringMatching(/^[0-9a-f]{8}$/) });
      expect(errors[0]?.referenceId).toBe(outcome.referenceId);
      expect(bodies[1]).toContain(
        `GitHub denied access (HTTP 403) while posting the review on o/r#5 (reference \`${outcome.referenceId}\`)`,
      );
      expect(bodies[1]).toContain('**How to fix:** give the App or the workflow token permission to write pull requests');
      expect(readReviewState(bodies[1]!)?.reviewedShas).toEqual([]);
    });
  });
});
