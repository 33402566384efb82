import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REPO_CONFIG, type RepoConfig } from '../../../src/core/config/repo-config.js';
import { reviewChange } from '../../../src/core/flows/review-change.js';
import type { Workspace } from '../../../src/core/flows/workspace.js';
import { systemClock, type Logger } from '../../../src/core/ports.js';
import type { CheckAnnotation, CheckRunPosted, CheckRunToPost } from '../../../src/core/publish/check-run.js';
import type { PullRequestThread, ReviewToPost } from '../../../src/core/publish/publisher.js';
import type { RunResult } from '../../../src/core/request.js';
import type { ReviewFinding } from '../../../src/core/review/findings/review-finding.js';
import { toFindingDraft } from '../../../src/core/review/findings/place-findings.js';
import { fingerprintFinding, writeReviewState } from '../../../src/core/review/review-state.js';
import { run as coreRun } from '../../../src/core/run.js';

// The review's run is scripted (as in review-change.test.ts): these tests are about the check run the flow posts after it.
vi.mock('../../../src/core/run.js', () => ({ run: vi.fn() }));

const HEAD = 'c'.repeat(40);
const PR = { number: 5, baseSha: 'a'.repeat(40), headSha: HEAD, title: 'Add a parameter', body: '' };
const DIFF = 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1,2 @@\n const a = 1;\n+const b = 2;\n';
const NO_WORKSPACE: Workspace = {
  open: async () => ({ source: {} as never, index: {} as never, repo: { kind: 'local', root: '/nowhere' }, close: () => undefined }),
};

function finding(severity: ReviewFinding['severity'], line: number): ReviewFinding {
  return { rule: 'callers-not-updated', severity, path: 'src/b.ts', line, message: 'passes the old arguments', evidence: [] };
}

function reviewed(findings: ReviewFinding[]): RunResult {
  return {
    kind: 'done',
    command: 'review',
    output: { kind: 'review', review: { findings }, placed: { inline: [], needsJudgement: [] } },
    comment: { body: '## Review', reviewComments: [], issueDraft: undefined },
  } as unknown as RunResult;
}

/** A pull request in memory that records its check runs; `checks` answers as the adapter would. */
class FakeThread implements PullRequestThread {
  readonly checkRuns: CheckRunToPost[] = [];
  readonly replies = new Map<string, string>();
  readonly reviews: ReviewToPost[] = [];
  constructor(
    private readonly checks: (run: CheckRunToPost) => Promise<CheckRunPosted> = async () => ({
      kind: 'posted',
      url: '#run',
      updated: false,
      requests: 1,
    }),
  ) {}
  async findReply(key: string) {
    const body = this.replies.get(key);
    return body === undefined ? undefined : { url: `#${key}`, body };
  }
  async reply(key: string, body: string) {
    this.replies.set(key, body);
    return { url: `#${key}` };
  }
  async react() {}
  async openIssue() {
    return { number: 1, url: '#1' };
  }
  async readFacts() {
    return PR;
  }
  async readDiff() {
    return DIFF;
  }
  async readCompare() {
    return DIFF;
  }
  /** Fingerprints of findings someone dismissed (👎, a resolved thread). */
  readonly suppressed = new Set<string>();
  async readSuppressedFindings() {
    return this.suppressed;
  }
  async postReview(review: ReviewToPost) {
    this.reviews.push(review);
    return { url: '#review' };
  }
  /** The earlier heads' runs, by head. */
  readonly earlier = new Map<string, CheckAnnotation[]>();
  async readCheckAnnotations(headSha: string) {
    return this.earlier.get(headSha);
  }
  async upsertCheckRun(run: CheckRunToPost) {
    this.checkRuns.push(run);
    return this.checks(run);
  }
}

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function config(review: Partial<RepoConfig['review']>): RepoConfig {
  return { ...DEFAULT_REPO_CONFIG, review: { ...DEFAULT_REPO_CONFIG.review, ...review } };
}

async function review(result: RunResult, options: { thread?: FakeThread; config?: RepoConfig; logger?: Logger } = {}) {
  vi.mocked(coreRun).mockResolvedValue(result);
  const thread = options.thread ?? new FakeThread();
  const logger = options.logger ?? recordingLogger();
  const outcome = await reviewChange({ pr: PR, config: options.config ?? DEFAULT_REPO_CONFIG, htmlUrl: 'https://github.com/o/r' }, thread, {
    workspace: NO_WORKSPACE,
    logger,
    clock: systemClock,
  });
  return { outcome, thread };
}

describe('reviewChange and the check run', () => {
  it('posts one check run on the reviewed head with an annotation per finding and the summary comment as its details', async () => {
    const { outcome, thread } = await review(reviewed([finding('warning', 3), finding('error', 8)]), {
      config: config({ failOn: 'error' }),
    });

    expect(outcome.outcome).toBe('reviewed');
    expect(thread.checkRuns).toHaveLength(1);
    expect(thread.checkRuns[0]).toMatchObject({ name: 'nanodex review', headSha: HEAD, conclusion: 'failure', detailsUrl: '#review-5' });
    expect(thread.checkRuns[0]?.annotations.map((a) => [a.level, a.endLine])).toEqual([
      ['failure', 8],
      ['warning', 3],
    ]);
    expect(outcome.checkRun).toEqual({ kind: 'posted', url: '#run', updated: false, requests: 1 });
  });

  it('follows review.failOn: failure at or above it, neutral below it or with never, success without findings', async () => {
    const conclusion = async (failOn: RepoConfig['review']['failOn'], findings: ReviewFinding[]) =>
      (await review(reviewed(findings), { config: config({ failOn }) })).thread.checkRuns[0]?.conclusion;
    expect(await conclusion('warning', [finding('warning', 1)])).toBe('failure');
    expect(await conclusion('error', [finding('warning', 1)])).toBe('neutral');
    expect(await conclusion('never', [finding('error', 1)])).toBe('neutral');
    expect(await conclusion('error', [])).toBe('success');
  });

  it('leaves out a finding someone dismissed: it no longer fails the check', async () => {
    const thread = new FakeThread();
    const dismissed = { ...finding('error', 8), message: 'passes one argument to split' };
    thread.suppressed.add(fingerprintFinding(toFindingDraft(dismissed, '')));

    await review(reviewed([finding('warning', 3), dismissed]), { thread, config: config({ failOn: 'error' }) });

    expect(thread.checkRuns[0]?.conclusion).toBe('neutral');
    expect(thread.checkRuns[0]?.annotations.map((a) => [a.level, a.endLine])).toEqual([['warning', 3]]);
  });

  it('posts none when the repository turns review.checkRun off', async () => {
    const { thread, outcome } = await review(reviewed([finding('error', 1)]), { config: config({ checkRun: false }) });
    expect(thread.checkRuns).toEqual([]);
    expect(outcome.checkRun).toBeUndefined();
  });

  describe('when the review does not finish', () => {
    it('never posts success for a failed run: neutral with failOn never, failure with failOn error', async () => {
      const failed = { kind: 'failed', message: 'boom', referenceId: 'ndx-7' } as RunResult;
      expect((await review(failed)).thread.checkRuns[0]).toMatchObject({ conclusion: 'neutral', title: 'Review incomplete' });
      const gated = (await review(failed, { config: config({ failOn: 'error' }) })).thread.checkRuns[0];
      expect(gated).toMatchObject({ conclusion: 'failure' });
      expect(gated?.summary).toContain('ndx-7');
    });

    it('never posts success for a run that hit its budget', async () => {
      const budget = {
        kind: 'budget-exceeded',
        limit: 'files',
        used: 25,
        allowed: 25,
        gathered: [],
        howToRaise: 'add files=50',
        metrics: {},
      } as unknown as RunResult;
      expect((await review(budget)).thread.checkRuns[0]).toMatchObject({
        conclusion: 'neutral',
        summary: expect.stringContaining('budget'),
      });
    });

    it('reports an error thrown during the review as incomplete', async () => {
      vi.mocked(coreRun).mockRejectedValue(new Error('disk full'));
      const thread = new FakeThread();
      await reviewChange({ pr: PR, config: config({ failOn: 'warning' }), htmlUrl: 'https://github.com/o/r' }, thread, {
        workspace: NO_WORKSPACE,
        logger: recordingLogger(),
        clock: systemClock,
      });
      expect(thread.checkRuns.map((r) => r.conclusion)).toEqual(['failure']);
    });
  });

  describe('when the token may not write checks', () => {
    it('keeps the review, says so in one log line and in the summary receipt', async () => {
      const logger = recordingLogger();
      const thread = new FakeThread(async () => ({ kind: 'not-permitted', message: 'add `checks: write` to the workflow' }));

      const { outcome } = await review(reviewed([finding('error', 1)]), { thread, logger });

      expect(outcome.outcome).toBe('reviewed');
      expect(logger.lines.filter((l) => l.startsWith('warn check run not posted: add `checks: write`'))).toHaveLength(1);
      expect(thread.replies.get('review-5')).toContain('no check run: the token may not write checks (`checks: write`)');
    });
  });

  it('keeps the review when posting the check run fails for another reason, and logs it', async () => {
    const logger = recordingLogger();
    const thread = new FakeThread(async () => {
      throw new Error('HTTP 502');
    });

    const { outcome } = await review(reviewed([]), { thread, logger });

    expect(outcome.outcome).toBe('reviewed');
    expect(logger.lines.some((l) => l.includes('could not post the check run; the review stands') && l.includes('HTTP 502'))).toBe(true);
  });

  describe('after a push, when the last reviewed head had findings', () => {
    it("carries those in files the new commits did not touch into the new head's run, and drops those in files they did", async () => {
      const old = 'b'.repeat(40);
      const thread = new FakeThread();
      thread.replies.set('review-5', writeReviewState('## Review', { reviewedShas: [old], fingerprints: [] }));
      const annotation = (path: string): CheckAnnotation => ({
        path,
        startLine: 4,
        endLine: 4,
        level: 'failure',
        title: 'callers-not-updated',
        message: 'old call',
      });
      thread.earlier.set(old, [annotation('src/b.ts'), annotation('src/a.ts')]);

      await review(reviewed([]), { thread, config: config({ failOn: 'error' }) });

      const run = thread.checkRuns[0];
      expect(run?.annotations.map((a) => a.path)).toEqual(['src/b.ts']);
      expect(run).toMatchObject({ conclusion: 'failure', title: '1 error' });
      expect(run?.summary).toContain('1 finding carried from `bbbbbbb`');
    });

    it('keeps them when the new commits touch only files the review leaves out: no push elsewhere turns the check green', async () => {
      const old = 'b'.repeat(40);
      const thread = new FakeThread();
      thread.replies.set('review-5', writeReviewState('## Review', { reviewedShas: [old], fingerprints: [] }));
      thread.earlier.set(old, [
        { path: 'src/b.ts', startLine: 4, endLine: 4, level: 'failure', title: 'callers-not-updated', message: 'old call' },
      ]);

      const { outcome } = await review(reviewed([]), { thread, config: config({ failOn: 'error', exclude: ['src/a.ts'] }) });

      expect(outcome.outcome).toBe('skipped');
      expect(thread.checkRuns[0]).toMatchObject({ conclusion: 'failure', title: '1 error' });
    });

    it('is skipped when nothing is reviewed and nothing stands from before', async () => {
      const { outcome, thread } = await review(reviewed([]), { config: config({ exclude: ['src/a.ts'] }) });
      expect(outcome.outcome).toBe('skipped');
      expect(thread.checkRuns[0]).toMatchObject({ conclusion: 'skipped', title: 'Nothing to review' });
    });
  });
});
