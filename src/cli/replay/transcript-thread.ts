import { redactSecrets } from '../../core/lookups.js';
import type {
  CheckRunPosted,
  CheckRunToPost,
  PullRequestFacts,
  PullRequestThread,
  Reaction,
  ReviewToPost,
  StickyReply,
} from '../../core/index.js';
import { annotationKey, toCheckRunRequests, type CheckRunRequest } from '../../github/check-run-requests.js';
import { redactCheckRun } from '../../github/upsert-check-run.js';

type Write =
  | { kind: 'reply'; key: string }
  | { kind: 'reaction'; reaction: Reaction }
  | { kind: 'issue'; number: number; title: string; body: string }
  | { kind: 'review'; review: ReviewToPost }
  | { kind: 'check-run'; run: CheckRunToPost; requests: CheckRunRequest[] };

/**
 * A thread that posts nowhere: `nanodex replay` records what a front would
 * write (sticky replies in their final state, reactions, issues, reviews,
 * the check run and the requests that would post it)
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

  /** The requests GitHubThread would send for the head's check run (a head posted before here is updated). */
  async upsertCheckRun(unredacted: CheckRunToPost): Promise<CheckRunPosted> {
    const run = await redactCheckRun(unredacted);
    const earlier = this.writes.find((w) => w.kind === 'check-run' && w.run.headSha === run.headSha);
    const present =
      earlier?.kind === 'check-run' ? earlier.requests.flatMap((r) => r.body.output.annotations.map(annotationKey)) : undefined;
    const requests = toCheckRunRequests(run, present && { present: new Set(present) });
    this.writes.push({ kind: 'check-run', run, requests });
    return { kind: 'posted', url: `#check-run-${this.writes.length}`, updated: earlier !== undefined, requests: requests.length };
  }

  /** A replay reviews once: no earlier head's run to read. */
  async readCheckAnnotations(): Promise<undefined> {
    return undefined;
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
        case 'check-run':
          out.push(...renderCheckRun(write.run, write.requests));
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

/** The check run as the requests that would post it, then its title, summary and annotations as GitHub shows them. */
function renderCheckRun(run: CheckRunToPost, requests: CheckRunRequest[]): string[] {
  const out = [`## check run "${run.name}" on ${run.headSha.slice(0, 12)}: ${run.conclusion}`, ''];
  for (const request of requests) {
    const { output, ...fields } = request.body;
    const shown = Object.entries(fields)
      .filter(([key]) => key !== 'name' && key !== 'head_sha')
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(' ');
    out.push(`- ${request.route}: ${shown}, ${output.annotations.length} annotations`);
  }
  out.push('', `### ${run.title}`, '', run.summary, '');
  if (run.annotations.length > 0) {
    out.push('### annotations', '');
    for (const a of run.annotations) {
      const lines = a.startLine < a.endLine ? `${a.startLine}-${a.endLine}` : `${a.startLine}`;
      out.push(`- ${a.level} ${a.path}:${lines} ${a.title}: ${a.message}`);
    }
    out.push('');
  }
  return out;
}
