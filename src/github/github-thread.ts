import {
  NanodexError,
  redactSecrets,
  systemClock,
  type Logger,
  type PullRequestFacts,
  type PullRequestThread,
  CHECK_RUN_NAME,
  type CheckAnnotation,
  type CheckRunPosted,
  type CheckRunToPost,
  type Reaction,
  type ReviewToPost,
  type StickyReply,
  type ThreadComment,
} from '../core/index.js';
import { addReaction } from './add-reaction.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { postReview } from './post-review.js';
import { readCompareDiff, readPullRequestDiff } from './read-diff.js';
import { readSuppressedFindings } from './read-suppressed-findings.js';
import { toNanodexError } from './to-nanodex-error.js';
import { readCheckAnnotations } from './read-check-annotations.js';
import { upsertCheckRun } from './upsert-check-run.js';
import { findStickyComment, upsertStickyComment } from './sticky-comment.js';

/** Comments per page when reading a thread (GitHub's maximum). */
const PAGE = 100;

/** The page number of a `Link` header's rel="last" (1 when there is no next page). */
export function lastPage(link: string | undefined): number {
  const match = /<[^>]*[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link ?? '');
  return match ? Number(match[1]) : 1;
}

/** A comment as the REST API lists it, as the core reads it. */
function toThreadComment(c: {
  id: number | bigint;
  user?: { login: string } | null;
  body?: string | null;
  created_at: string;
}): ThreadComment {
  return { id: Number(c.id), author: c.user?.login ?? '', body: c.body ?? '', createdAt: c.created_at };
}

export interface GitHubThreadOptions {
  /** nanodex's own login: only its comments count as its replies. */
  selfLogin: string;
  /** The comment that asked (reactions go there); absent for events no comment started. */
  trigger?: { commentId: number; kind: 'issue' | 'review' };
  logger: Logger;
}

/**
 * The Publisher (and, on a pull request, the review's reads and writes) for
 * one issue or pull request on GitHub: sticky replies as comments found
 * again by a hidden marker, reactions, tracked issues, COMMENT reviews.
 * Each key's comment id is remembered after the first post, so updates skip
 * listing the thread.
 */
export class GitHubThread implements PullRequestThread {
  constructor(
    private readonly client: GitHubClient,
    private readonly target: RepoCoords & { number: number },
    private readonly options: GitHubThreadOptions,
    private readonly ids = new Map<string, number>(),
    private readonly checkRunIds = new Map<string, number>(),
  ) {}

  /** The same thread through another client (an unguarded one, for a deadline's reply), sharing the known comment ids. */
  withClient(client: GitHubClient): GitHubThread {
    return new GitHubThread(client, this.target, this.options, this.ids, this.checkRunIds);
  }

  private get issue() {
    return { owner: this.target.owner, repo: this.target.repo, issueNumber: this.target.number };
  }

  private get pull() {
    return { owner: this.target.owner, repo: this.target.repo, pullNumber: this.target.number };
  }

  async findReply(key: string): Promise<StickyReply | undefined> {
    const found = await findStickyComment(this.client, this.issue, key, { selfLogin: this.options.selfLogin });
    if (found !== undefined) this.ids.set(key, found.id);
    return found;
  }

  async reply(key: string, body: string): Promise<{ url: string }> {
    const posted = await upsertStickyComment(this.client, this.issue, key, body, {
      selfLogin: this.options.selfLogin,
      commentId: this.ids.get(key),
    });
    this.ids.set(key, posted.id);
    return { url: posted.url };
  }

  async react(reaction: Reaction): Promise<void> {
    const trigger = this.options.trigger;
    if (trigger === undefined) return;
    await addReaction(this.client, { owner: this.target.owner, repo: this.target.repo, ...trigger }, reaction, {
      logger: this.options.logger,
    });
  }

  /** Title and body are redacted here, the last step before they leave; the body links back to this thread. */
  async openIssue(draft: { title: string; body: string }): Promise<{ number: number; url: string }> {
    const title = await redactSecrets(draft.title);
    const body = await redactSecrets(`${draft.body}\n\n---\nPlanned in #${this.target.number}.`);
    try {
      const { data } = await this.client.request('POST /repos/{owner}/{repo}/issues', {
        owner: this.target.owner,
        repo: this.target.repo,
        title,
        body,
      });
      return { number: data.number, url: data.html_url };
    } catch (error) {
      // Translated here, once: the flow shows the person why (issues disabled, no permission) with its reference id.
      throw toNanodexError(error, {
        what: `opening an issue in ${this.target.owner}/${this.target.repo}`,
        notFoundCode: 'repo-not-found',
        clock: systemClock,
        forbiddenHint:
          'give the App or the workflow token permission to write issues ("issues: write"), or turn issues on for the repository',
      });
    }
  }

  /**
   * The latest `limit` comments, oldest first. GitHub lists a thread oldest
   * first, so the first page's `last` link says how many pages there are and
   * only the last ones are read: a thread of thousands of comments costs a
   * few requests, not one per hundred comments.
   */
  async readComments(limit: number): Promise<ThreadComment[]> {
    const route = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments' as const;
    const params = { owner: this.target.owner, repo: this.target.repo, issue_number: this.target.number, per_page: PAGE };
    const read = (page: number) => this.client.request(route, { ...params, page });
    try {
      const first = await read(1);
      const last = lastPage(first.headers.link);
      const comments = first.data.map(toThreadComment);
      if (last === 1) {
        // A next page but no last one named: follow the pages to the end, keeping only the newest in memory.
        for (let page = 2, link = first.headers.link; /rel="next"/.test(link ?? ''); page++) {
          const next = await read(page);
          comments.push(...next.data.map(toThreadComment));
          if (comments.length > limit * 2) comments.splice(0, comments.length - limit);
          link = next.headers.link;
        }
        return comments.slice(-limit);
      }
      const wanted = Math.ceil(limit / PAGE) + 1; // the newest page may hold a single comment
      if (last > wanted) comments.length = 0;
      for (let page = last <= wanted ? 2 : last - wanted + 1; page <= last; page++) {
        comments.push(...(await read(page)).data.map(toThreadComment));
      }
      return comments.slice(-limit);
    } catch (error) {
      throw toNanodexError(error, {
        what: `reading the comments of ${this.target.owner}/${this.target.repo}#${this.target.number}`,
        notFoundCode: 'issue-not-found',
        clock: systemClock,
      });
    }
  }

  async readFacts(): Promise<PullRequestFacts> {
    const { data } = await this.client.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      owner: this.target.owner,
      repo: this.target.repo,
      pull_number: this.target.number,
    });
    return { number: this.target.number, baseSha: data.base.sha, headSha: data.head.sha, title: data.title, body: data.body ?? '' };
  }

  readDiff(): Promise<string> {
    return readPullRequestDiff(this.client, this.pull);
  }

  async readCompare(base: string, head: string): Promise<string | undefined> {
    try {
      return await readCompareDiff(this.client, { owner: this.target.owner, repo: this.target.repo, base, head });
    } catch (error) {
      if (error instanceof NanodexError && error.code === 'ref-not-found') return undefined;
      throw error;
    }
  }

  readSuppressedFindings(): Promise<Set<string>> {
    return readSuppressedFindings(this.client, { ...this.pull, selfLogin: this.options.selfLogin });
  }

  async postReview(review: ReviewToPost): Promise<{ url: string }> {
    const posted = await postReview(
      this.client,
      { ...this.pull, commitId: review.commitSha },
      { body: review.body, comments: review.comments },
    );
    return { url: posted.url };
  }

  /** The head's "nanodex review" check run, created or updated in place (its id is remembered per head after the first post). */
  async upsertCheckRun(run: CheckRunToPost): Promise<CheckRunPosted> {
    const posted = await upsertCheckRun(this.client, { owner: this.target.owner, repo: this.target.repo }, run, {
      knownId: this.checkRunIds.get(run.headSha),
    });
    if (posted.kind === 'posted' && posted.id !== undefined) this.checkRunIds.set(run.headSha, posted.id);
    return posted;
  }

  /** The annotations of nanodex's check run on `headSha` (the last reviewed head's, to carry what still stands). */
  readCheckAnnotations(headSha: string): Promise<CheckAnnotation[] | undefined> {
    return readCheckAnnotations(this.client, { owner: this.target.owner, repo: this.target.repo }, { headSha, name: CHECK_RUN_NAME });
  }
}
