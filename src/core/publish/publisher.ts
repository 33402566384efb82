import type { ReviewComment } from '../review/render-review.js';
import type { CheckRuns } from './check-run.js';

export type Reaction = 'eyes' | 'rocket' | 'confused';

/** A reply nanodex left earlier under a key, as the thread holds it now. */
export interface StickyReply {
  url: string;
  /** The body without the key's hidden marker. */
  body: string;
}

/** A comment of the thread, as memory and `apply` read them back. */
export interface ThreadComment {
  id: number;
  /** The author's login: only nanodex's own comments are trusted for what nanodex wrote. */
  author: string;
  body: string;
  /** ISO time the comment was created. */
  createdAt: string;
}

/**
 * Where a request's replies go: one thread (an issue or a pull request on
 * GitHub; a terminal or a transcript elsewhere). Each reply is sticky under
 * a key: posted once, then updated in place, so a request moves from
 * "working" to its result in one place and a retry updates instead of
 * adding. Adapters redact every body, the last step before it leaves.
 */
export interface Publisher {
  /** nanodex's reply under `key` in this thread, if there is one. */
  findReply(key: string): Promise<StickyReply | undefined>;
  /** Creates the reply under `key`, or updates it in place. */
  reply(key: string, body: string): Promise<{ url: string }>;
  /** A reaction on the comment that asked, if any. A courtesy: it logs a failure and never throws. */
  react(reaction: Reaction): Promise<void>;
  /** A new issue in the repository (a plan asked to be tracked). */
  openIssue(draft: { title: string; body: string }): Promise<{ number: number; url: string }>;
  /** The thread's comments, oldest first (the most recent `limit`). Absent where a thread has no history (a terminal). */
  readComments?(limit: number): Promise<ThreadComment[]>;
}

/** A review with inline comments on the thread's pull request, at one commit. */
export interface ReviewToPost {
  commitSha: string;
  body: string;
  comments: ReviewComment[];
}

/**
 * A pull request, as its review reads and writes it. `readCompare` answers
 * undefined when `base` is gone (a force push): the review starts over.
 * A thread that can post check runs (GitHub, a replay's transcript) has
 * `upsertCheckRun`; the review posts one per head when it does.
 */
export interface PullRequestThread extends Publisher, Partial<CheckRuns> {
  readFacts(): Promise<PullRequestFacts>;
  readDiff(): Promise<string>;
  readCompare(base: string, head: string): Promise<string | undefined>;
  /** Fingerprints of findings people resolved or gave a 👎: never raised again. */
  readSuppressedFindings(): Promise<Set<string>>;
  postReview(review: ReviewToPost): Promise<{ url: string }>;
}

export interface PullRequestFacts {
  number: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
}
