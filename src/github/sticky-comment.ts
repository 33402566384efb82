import { GITHUB_COMMENT_LIMIT, NanodexError, redactSecrets, systemClock } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { statusOf } from './status-of.js';

export type IssueTarget = RepoCoords & { issueNumber: number };

export interface StickyComment {
  id: number;
  url: string;
  /** The body without the marker line. */
  body: string;
}

export interface StickyOptions {
  /** nanodex's own login: only its comments count. Without it, any bot's comment carrying the marker does. */
  selfLogin?: string;
  /** The comment's id when the caller already knows it (a second update in one run): skips listing the comments. */
  commentId?: number;
}

const KEY = /^[\w.:/#-]+$/;
const FORBIDDEN_HINT =
  'give the App or the workflow token permission to write issues and pull requests ("issues: write", "pull-requests: write")';

/** The hidden first line that finds a sticky comment again. */
export function markerFor(key: string): string {
  if (!KEY.test(key) || key.includes('--')) {
    throw new NanodexError('bad-sticky-key', `sticky comment key ${JSON.stringify(key)} cannot sit in an HTML comment`, {
      hint: 'use letters, digits and . : / # _ - (no "--")',
    });
  }
  return `<!-- nanodex:sticky:${key} -->`;
}

/**
 * The comment on an issue or pull request that starts with the key's marker
 * and was written by nanodex (a person who pastes the marker into their own
 * comment must not get it overwritten). Pages through the comments and stops
 * at the first match.
 */
export async function findStickyComment(
  client: GitHubClient,
  target: IssueTarget,
  key: string,
  options: StickyOptions = {},
): Promise<StickyComment | undefined> {
  const marker = markerFor(key);
  const self = options.selfLogin?.toLowerCase();
  try {
    const pages = client.paginate.iterator('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: target.owner,
      repo: target.repo,
      issue_number: target.issueNumber,
      per_page: 100,
    });
    for await (const page of pages) {
      for (const comment of page.data) {
        const body = comment.body ?? '';
        const byNanodex = self !== undefined ? comment.user?.login.toLowerCase() === self : comment.user?.type === 'Bot';
        if (byNanodex && body.startsWith(marker))
          return { id: Number(comment.id), url: comment.html_url, body: body.slice(marker.length).replace(/^\n/, '') };
      }
    }
  } catch (error) {
    throw toNanodexError(error, {
      what: `reading the comments of ${target.owner}/${target.repo}#${target.issueNumber}`,
      notFoundCode: 'issue-not-found',
      clock: systemClock,
    });
  }
  return undefined;
}

/**
 * Updates the key's sticky comment in place, or creates it: one comment per
 * request that moves from "working" to its result. The body is redacted
 * here, the last step before it leaves. A body over GitHub's limit is
 * refused before anything is sent (the core already fits it).
 */
export async function upsertStickyComment(
  client: GitHubClient,
  target: IssueTarget,
  key: string,
  body: string,
  options: StickyOptions = {},
): Promise<{ id: number; url: string }> {
  const full = `${markerFor(key)}\n${await redactSecrets(body)}`;
  if (full.length > GITHUB_COMMENT_LIMIT) {
    throw new NanodexError(
      'comment-too-long',
      `the comment for ${target.owner}/${target.repo}#${target.issueNumber} is ${full.length} characters; GitHub takes at most ${GITHUB_COMMENT_LIMIT}`,
      {
        hint: 'fit the body with fitComment (src/core/render/fit-comment.ts) before posting',
      },
    );
  }
  const existing = options.commentId !== undefined ? { id: options.commentId } : await findStickyComment(client, target, key, options);
  const where = `${target.owner}/${target.repo}#${target.issueNumber}`;
  try {
    if (existing !== undefined) {
      try {
        const { data } = await client.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
          owner: target.owner,
          repo: target.repo,
          comment_id: existing.id,
          body: full,
        });
        return { id: Number(data.id), url: data.html_url };
      } catch (error) {
        // Someone deleted the comment since: post it again rather than lose the result.
        if (statusOf(error) !== 404) throw error;
      }
    }
    const { data } = await client.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: target.owner,
      repo: target.repo,
      issue_number: target.issueNumber,
      body: full,
    });
    return { id: Number(data.id), url: data.html_url };
  } catch (error) {
    throw toNanodexError(error, {
      what: `${existing !== undefined ? 'updating' : 'posting'} nanodex's comment on ${where}`,
      notFoundCode: existing !== undefined ? 'comment-not-found' : 'issue-not-found',
      clock: systemClock,
      forbiddenHint: FORBIDDEN_HINT,
    });
  }
}
