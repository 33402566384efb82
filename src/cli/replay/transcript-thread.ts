import { redactSecrets } from '../../core/lookups.js';
import type { PullRequestFacts, PullRequestThread, Reaction, ReviewToPost, StickyReply } from '../../core/index.js';

type Write =
  | { kind: 'reply'; key: string }
  | { kind: 'reaction'; reaction: Reaction }
  | { kind: 'issue'; number: number; title: string; body: string }
  | { kind: 'review'; review: ReviewToPost };

/**
 * A thread that posts nowhere: `nanodex replay` records what a front would
 * write (sticky replies in their final state, reactions, issues, reviews)
 * and prints it as a person would read it on GitHub. The pull request is the
 * local `base...head` the caller read from git.
 */
export class TranscriptThread implements PullRequestThread {
  private readonly writes: Write[] = [];
  private readonly replies = new Map<string, string>();
  private pullRequest: Promise<PullRequestFacts & { diff: string }> | undefined;

  /** `loadPullRequest` is called once, when a flow first reads the pull request. */
  constructor(private readonly target: { number: number; loadPullRequest: () => Promise<PullRequestFacts & { diff: string }> }) {}

  async findReply(key: string): Promise<StickyReply | undefined> {
    const body = this.replies.get(key);
    return body === undefined ? undefined : { url: this.urlOf(key), body };
  }

  async reply(key: string, body: string): Promise<{ url: string }> {
    if (!this.replies.has(key)) this.writes.push({ kind: 'reply', key });
    this.replies.set(key, await redactSecrets(body));
    return { url: this.urlOf(key) };
  }

  async react(reaction: Reaction): Promise<void> {
    this.writes.push({ kind: 'reaction', reaction });
  }

  async openIssue(draft: { title: string; body: string }): Promise<{ number: number; url: string }> {
    const number = 900 + this.writes.length;
    this.writes.push({ kind: 'issue', number, title: await redactSecrets(draft.title), body: await redactSecrets(draft.body) });
    return { number, url: `#${number}` };
  }

  async readFacts(): Promise<PullRequestFacts> {
    return this.readPullRequest();
  }

  async readDiff(): Promise<string> {
    return (await this.readPullRequest()).diff;
  }

  /** A replay reviews once: the local base...head is the whole change. */
  async readCompare(): Promise<string | undefined> {
    return (await this.readPullRequest()).diff;
  }

  async readSuppressedFindings(): Promise<Set<string>> {
    return new Set();
  }

  async postReview(review: ReviewToPost): Promise<{ url: string }> {
    this.writes.push({ kind: 'review', review: { ...review, body: await redactSecrets(review.body) } });
    return { url: `#review-${this.writes.length}` };
  }

  /** Everything written, each sticky reply once in its final state. */
  render(): string {
    const out: string[] = [];
    for (const write of this.writes) {
      switch (write.kind) {
        case 'reply':
          out.push(
            `## reply on #${this.target.number} (sticky comment \`${write.key}\`, final state)`,
            '',
            this.replies.get(write.key) ?? '',
            '',
          );
          break;
        case 'reaction':
          out.push(`## reaction on the comment that asked: ${write.reaction}`, '');
          break;
        case 'issue':
          out.push(`## new issue #${write.number}: ${write.title}`, '', write.body, '');
          break;
        case 'review':
          out.push(
            `## review on #${this.target.number} at ${write.review.commitSha.slice(0, 12)} (review, event COMMENT)`,
            '',
            write.review.body,
            '',
          );
          for (const c of write.review.comments) out.push(`### ${c.path}:${c.line}`, c.body, '');
          break;
      }
    }
    return out.length > 0 ? out.join('\n') : 'nanodex would post nothing for this event.\n';
  }

  private readPullRequest(): Promise<PullRequestFacts & { diff: string }> {
    this.pullRequest ??= this.target.loadPullRequest();
    return this.pullRequest;
  }

  private urlOf(key: string): string {
    return `#${this.target.number}/${key}`;
  }
}
