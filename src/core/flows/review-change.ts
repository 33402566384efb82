import ignore from 'ignore';
import { REVIEW_PROMPT } from '../commands/command-table.js';
import type { RepoConfig } from '../config/repo-config.js';
import { describeError } from '../errors.js';
import { throwIfRetryable } from '../failure/retry-later.js';
import { toFailure } from '../failure/to-failure.js';
import type { CheckRunPosted } from '../publish/check-run.js';
import type { PullRequestFacts, PullRequestThread } from '../publish/publisher.js';
import { GITHUB_COMMENT_LIMIT } from '../render/fit-comment.js';
import { code, link, plural } from '../render/markdown.js';
import { renderReply, renderWorking } from '../render/render-reply.js';
import type { ReviewComment } from '../review/render-review.js';
import { toFindingDraft } from '../review/findings/place-findings.js';
import { fingerprintFinding, markFingerprint, readReviewState, writeReviewState, type ReviewState } from '../review/review-state.js';
import type { ReviewEnd } from '../review/build-check-run.js';
import type { RunResult } from '../request.js';
import { postCheckRun, readCarriedFindings } from './post-check-run.js';
import { runInWorkspace, type FlowPorts } from './workspace.js';

export interface ReviewChangeInput {
  pr: PullRequestFacts;
  config: RepoConfig;
  /** The repository's page, for citations. */
  htmlUrl: string;
}

export type ReviewOutcome = {
  outcome: 'reviewed' | 'up-to-date' | 'skipped' | 'failed';
  /** The review, or the sticky summary comment when no review was posted. */
  url?: string;
  /** Set on 'failed': the id in the sticky comment and in the log line. */
  referenceId?: string;
  /** The core's result; undefined when no run was needed (the head was already reviewed, or no file matched). */
  result?: RunResult;
  /** The head's check run, when one was posted or refused (`review.checkRun`). */
  checkRun?: CheckRunPosted;
};

type Done = Extract<RunResult, { comment: unknown }>;

/** The sticky key of a pull request's review summary: mentions and automatic reviews share it (and its review state). */
export function toReviewKey(pullNumber: number): string {
  return `review-${pullNumber}`;
}

/**
 * The review every front runs for a pull request. Only commits since the
 * last reviewed sha are reviewed; findings already raised, resolved or given
 * a 👎 are not raised again. The sticky summary goes from "working" to the
 * result and carries the state; a failed or budget-limited run says so there
 * with a reference id and never posts a partial review as complete.
 */
export async function reviewChange(input: ReviewChangeInput, thread: PullRequestThread, ports: FlowPorts): Promise<ReviewOutcome> {
  const { pr } = input;
  const key = toReviewKey(pr.number);
  const sticky = await thread.findReply(key);
  const state: ReviewState = (sticky && readReviewState(sticky.body)) ?? { reviewedShas: [], fingerprints: [] };
  if (state.reviewedShas.includes(pr.headSha)) return { outcome: 'up-to-date', url: sticky?.url };

  const head = code(pr.headSha.slice(0, 7));
  const post = (body: string, next: ReviewState) => thread.reply(key, writeReviewState(fitBody(body), next));
  const working = await post(`${renderWorking('review')} (commit ${head})`, state);
  const withHead = { ...state, reviewedShas: [...state.reviewedShas, pr.headSha] };
  let failureState = state;
  let result: RunResult | undefined;
  const check = (end: ReviewEnd, detailsUrl: string) =>
    postCheckRun(thread, end, {
      headSha: pr.headSha,
      config: input.config,
      htmlUrl: input.htmlUrl,
      detailsUrl,
      logger: ports.logger,
      pullRequest: pr.number,
    });

  try {
    const since = state.reviewedShas.at(-1);
    const read = await readDiff(thread, pr, since);
    const diff = filterDiff(read.text, input.config.review);
    const scope = since !== undefined ? `the commits since ${code(since.slice(0, 7))}` : 'the whole pull request';
    // What the last reviewed head's run found in files these commits did not touch still stands on this head.
    const carry = () =>
      read.since === undefined
        ? Promise.resolve(undefined)
        : readCarriedFindings(thread, {
            since: read.since,
            changedPaths: [...diff.paths, ...diff.dropped],
            config: input.config,
            logger: ports.logger,
          });
    if (diff.paths.length === 0) {
      await post(
        `nanodex did not review ${head}: no changed file matches \`review.include\` / \`review.exclude\` in \`.github/nanodex.yml\`.`,
        withHead,
      );
      const carried = await carry();
      const checkRun = await check(
        carried && carried.annotations.length > 0
          ? { kind: 'reviewed', findings: [], scope, carried }
          : { kind: 'skipped', reason: 'no changed file matches `review.include` / `review.exclude`.' },
        working.url,
      );
      return { outcome: 'skipped', url: working.url, checkRun };
    }
    result = await runInWorkspace(
      {
        command: 'review',
        prompt: REVIEW_PROMPT,
        diff: diff.text,
        pullRequest: { number: pr.number, title: pr.title, body: pr.body, baseSha: pr.baseSha, headSha: pr.headSha },
        links: { htmlUrl: input.htmlUrl, sha: pr.headSha },
        budget: input.config.budget,
        review: input.config.review,
      },
      ports,
    );
    if (result.kind === 'skipped') {
      await post(await renderReply(result), withHead);
      const carried = await carry();
      const checkRun = await check(
        carried && carried.annotations.length > 0
          ? { kind: 'reviewed', findings: [], scope, carried }
          : { kind: 'skipped', reason: result.reason },
        working.url,
      );
      return { outcome: 'skipped', url: working.url, result, checkRun };
    }
    if (result.kind !== 'done' || !('comment' in result)) {
      const incomplete =
        result.kind === 'budget-exceeded' ? `\n\nThe review of ${head} is incomplete, so no inline comments were posted.` : '';
      await post(`${await renderReply(result)}${incomplete}`, state);
      const referenceId = result.kind === 'failed' ? result.referenceId : undefined;
      const reason = result.kind === 'budget-exceeded' ? 'it reached its budget' : 'it failed';
      const checkRun = await check({ kind: 'incomplete', reason, referenceId }, working.url);
      return { outcome: 'failed', url: working.url, result, checkRun, ...(referenceId !== undefined ? { referenceId } : {}) };
    }

    const suppressed = await thread.readSuppressedFindings().catch((error: unknown) => {
      ports.logger.warn('could not read resolved review threads; findings may repeat', { error: describeError(error) });
      return new Set<string>();
    });
    const fresh = selectFreshComments(result, new Set([...suppressed, ...state.fingerprints]));
    let reviewUrl: string | undefined;
    const reviewed = { ...withHead, fingerprints: [...state.fingerprints, ...fresh.fingerprints] };
    if (fresh.comments.length > 0) {
      const posted = await thread.postReview({
        commitSha: pr.headSha,
        body: `nanodex reviewed ${head}: ${plural(fresh.comments.length, 'inline comment')}. The summary is in ${link('the nanodex comment', working.url)}.`,
        comments: fresh.comments,
      });
      reviewUrl = posted.url;
      // Posted: if the summary update below fails, the failure must still record these, or they are posted again.
      failureState = reviewed;
    }
    // A finding someone dismissed (👎, a resolved thread) no longer counts against the head's check run.
    const findings = (result.output.kind === 'review' ? result.output.review.findings : []).filter(
      (f) => !suppressed.has(fingerprintFinding(toFindingDraft(f, ''))),
    );
    const carried = await carry();
    const checkRun = await check({ kind: 'reviewed', findings, scope, ...(carried ? { carried } : {}) }, working.url);
    const receipt = [
      `<sub>Reviewed ${scope} up to ${head}: ${plural(fresh.comments.length, 'new inline comment')}`,
      reviewUrl !== undefined ? ` (${link('review', reviewUrl)})` : '',
      fresh.repeated > 0 ? `; ${fresh.repeated} already raised, resolved or dismissed, not repeated` : '',
      diff.dropped.length > 0 ? `; ${plural(diff.dropped.length, 'file')} left out by the review settings` : '',
      checkRun?.kind === 'not-permitted' ? '; no check run: the token may not write checks (`checks: write`)' : '',
      '.</sub>',
    ].join('');
    await post(`${result.comment.body}\n\n${receipt}`, reviewed);
    return { outcome: 'reviewed', url: reviewUrl ?? working.url, result, checkRun };
  } catch (error) {
    throwIfRetryable(error, ports.retryable);
    const failure = toFailure(error, { logger: ports.logger, log: 'review failed', fields: { pullRequest: pr.number } });
    await post(await renderReply(failure), failureState).catch((stickyError: unknown) => {
      ports.logger.error('could not report the failure in the sticky comment', {
        referenceId: failure.referenceId,
        error: describeError(stickyError),
      });
    });
    const checkRun = await check({ kind: 'incomplete', reason: 'it failed', referenceId: failure.referenceId }, working.url);
    return { outcome: 'failed', url: working.url, referenceId: failure.referenceId, result, checkRun };
  }
}

/** The reply to `@nanodex review` on a pull request: the review itself is posted as a review; this points to it. */
export function renderReviewOutcome(reviewed: ReviewOutcome, headSha: string): string {
  switch (reviewed.outcome) {
    case 'reviewed':
      return `Review posted${reviewed.url ? `: ${reviewed.url}` : '.'}`;
    case 'up-to-date':
      return `This pull request is already reviewed up to \`${headSha.slice(0, 12)}\`; push new commits for another review.`;
    case 'skipped':
      return 'Nothing to review: no changed file matches the review paths in `.github/nanodex.yml`.';
    case 'failed':
      return `nanodex could not finish the review; the review summary comment says why${reviewed.url ? `: ${reviewed.url}` : '.'}`;
  }
}

/**
 * Since the last reviewed sha when there is one (`since` says so); the whole pull request when there is none or it
 * vanished (a force push). `since...head` starts at their merge base, so after the branch merged or rebased onto main it
 * carries other people's commits: only files the pull request itself changes are kept.
 */
async function readDiff(
  thread: PullRequestThread,
  pr: PullRequestFacts,
  since: string | undefined,
): Promise<{ text: string; since: string | undefined }> {
  const whole = await thread.readDiff();
  if (since === undefined) return { text: whole, since: undefined };
  const compare = await thread.readCompare(since, pr.headSha);
  if (compare === undefined) return { text: whole, since: undefined };
  const inPullRequest = new Set(splitDiff(whole).map((f) => f.path));
  const text = splitDiff(compare)
    .filter((f) => inPullRequest.has(f.path))
    .map((f) => f.section)
    .join('');
  return { text, since };
}

/**
 * The inline comments not raised before, each marked with its fingerprint.
 * The fingerprint comes from the finding (path, quote, kind) when the
 * output's placed comments line up with the postable ones, else from the
 * comment itself.
 */
function selectFreshComments(result: Done, known: Set<string>): { comments: ReviewComment[]; fingerprints: string[]; repeated: number } {
  const inline = result.output.kind === 'review' ? result.output.placed.inline : [];
  const aligned =
    inline.length === result.comment.reviewComments.length &&
    inline.every((c, i) => c.path === result.comment.reviewComments[i]?.path && c.line === result.comment.reviewComments[i]?.line);
  const comments: ReviewComment[] = [];
  const fingerprints: string[] = [];
  let repeated = 0;
  for (const [i, comment] of result.comment.reviewComments.entries()) {
    const draft = aligned ? inline[i]?.draft : undefined;
    const fingerprint = fingerprintFinding(draft ?? { path: comment.path, quote: comment.body, kind: 'comment' });
    if (known.has(fingerprint) || fingerprints.includes(fingerprint)) {
      repeated += 1;
      continue;
    }
    fingerprints.push(fingerprint);
    comments.push({ ...comment, body: markFingerprint(comment.body, fingerprint) });
  }
  return { comments, fingerprints, repeated };
}

/** Room left for the marker line and the state block (a few KB at their bounds). */
const RESERVED_FOR_STATE = 12_000;

function fitBody(body: string): string {
  const room = GITHUB_COMMENT_LIMIT - RESERVED_FOR_STATE;
  if (body.length <= room) return body;
  const cut = body.lastIndexOf('\n', room - 200);
  return `${body.slice(0, cut > 0 ? cut : room - 200)}\n\n… (the summary was cut to fit GitHub's comment size)`;
}

/** The diff's file sections whose path `review.include` matches and `review.exclude` does not (gitignore-style patterns). */
export function filterDiff(
  text: string,
  review: { include: string[]; exclude: string[] },
): { text: string; paths: string[]; dropped: string[] } {
  const include = ignore().add(review.include);
  const exclude = ignore().add(review.exclude);
  const kept: string[] = [];
  const paths: string[] = [];
  const dropped: string[] = [];
  for (const { section, path } of splitDiff(text)) {
    if (include.ignores(path) && !exclude.ignores(path)) {
      kept.push(section);
      paths.push(path);
    } else {
      dropped.push(path);
    }
  }
  return { text: kept.join(''), paths, dropped };
}

/** A diff's files, each with its section of the text. */
function splitDiff(text: string): { section: string; path: string }[] {
  return text.split(/(?=^diff --git )/m).flatMap((section) => {
    const path = findDiffPath(section);
    return path === undefined ? [] : [{ section, path }];
  });
}

function findDiffPath(section: string): string | undefined {
  const raw =
    /^\+\+\+ b\/(.+)$/m.exec(section)?.[1] ??
    /^--- a\/(.+)$/m.exec(section)?.[1] ??
    /^rename to (.+)$/m.exec(section)?.[1] ??
    /^diff --git a\/.+? b\/(.+)$/m.exec(section)?.[1];
  if (raw === undefined) return undefined;
  const path = raw.replace(/\t.*$/, '').replace(/^"(.*)"$/, '$1');
  // `ignore` refuses paths that are not relative (a crafted diff could carry one); such a file is not reviewed.
  return ignore.isPathValid(path) ? path : undefined;
}
