import { NanodexError, systemClock } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { statusOf } from './status-of.js';

const DIFF = { accept: 'application/vnd.github.diff' };

/** A pull request's whole diff (base..head) as unified text. */
export async function readPullRequestDiff(client: GitHubClient, target: RepoCoords & { pullNumber: number }): Promise<string> {
  const what = `reading the diff of ${target.owner}/${target.repo}#${target.pullNumber}`;
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      owner: target.owner,
      repo: target.repo,
      pull_number: target.pullNumber,
      headers: DIFF,
    });
    return asText(data);
  } catch (error) {
    throw toDiffError(error, what, 'pull-request-not-found');
  }
}

/** The diff from `base` to `head` (three-dot: what head added since they diverged), for a re-review of new commits. */
export async function readCompareDiff(client: GitHubClient, target: RepoCoords & { base: string; head: string }): Promise<string> {
  const what = `reading the diff ${target.base.slice(0, 12)}...${target.head.slice(0, 12)} of ${target.owner}/${target.repo}`;
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      owner: target.owner,
      repo: target.repo,
      basehead: `${target.base}...${target.head}`,
      headers: DIFF,
    });
    return asText(data);
  } catch (error) {
    throw toDiffError(error, what, 'ref-not-found');
  }
}

function asText(data: unknown): string {
  // With the diff media type Octokit hands back the raw text; anything else means a proxy rewrote the answer.
  if (typeof data === 'string') return data;
  throw new NanodexError('github-request-failed', 'GitHub answered the diff request with JSON instead of diff text', {
    hint: 'check that no proxy between nanodex and GitHub rewrites the Accept header',
  });
}

/** GitHub refuses a diff over its size limits (files, lines) with 406 or 422 and says "too large" or "exceeded". */
function toDiffError(error: unknown, what: string, notFoundCode: 'pull-request-not-found' | 'ref-not-found'): NanodexError {
  if (
    (statusOf(error) === 406 || statusOf(error) === 422) &&
    error instanceof Error &&
    /too large|too_large|exceeded/i.test(error.message)
  ) {
    return new NanodexError('diff-too-large', `GitHub will not produce the diff while ${what}: it is over GitHub's size limit`, {
      hint: 'split the change into smaller pull requests; GitHub serves diffs only up to a number of files and lines',
      cause: error,
    });
  }
  return toNanodexError(error, { what, notFoundCode, clock: systemClock });
}
