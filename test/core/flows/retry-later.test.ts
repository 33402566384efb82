import { describe, expect, it } from 'vitest';
import { DEFAULT_REPO_CONFIG } from '../../../src/core/config/repo-config.js';
import { startMention, type MentionPorts } from '../../../src/core/flows/answer-mention.js';
import { RetryLaterError } from '../../../src/core/failure/retry-later.js';
import { silentLogger, systemClock } from '../../../src/core/ports.js';
import type { Reaction } from '../../../src/core/publish/publisher.js';

const notAPullRequest = (): never => {
  throw new Error('not a pull request');
};
const badGateway = () => Object.assign(new Error('Bad Gateway'), { status: 502 });

/** A mention whose repository cannot be opened (GitHub answers 502), with or without a front that retries. */
function setUp(retryable?: (error: unknown) => boolean) {
  const replies: string[] = [];
  const reactions: Reaction[] = [];
  const ports: MentionPorts = {
    workspace: {
      open: async () => {
        throw badGateway();
      },
    },
    logger: silentLogger,
    clock: systemClock,
    retryable,
    thread: {
      findReply: async () => undefined,
      reply: async (_key, body) => {
        replies.push(body);
        return { url: '#r' };
      },
      react: async (reaction) => {
        reactions.push(reaction);
      },
      openIssue: async () => ({ number: 1, url: '#1' }),
      readFacts: notAPullRequest,
      readDiff: notAPullRequest,
      readCompare: notAPullRequest,
      readSuppressedFindings: async () => new Set<string>(),
      postReview: notAPullRequest,
    },
    selfLogin: 'nanodex[bot]',
    readConfig: async () => ({ ok: true, config: DEFAULT_REPO_CONFIG }),
    readPermission: async () => 'admin',
  };
  const mention = startMention(
    {
      text: 'find parseHttpRequest',
      openIssue: false,
      commentId: 42,
      actor: { login: 'octocat', type: 'User' },
      thread: { number: 7, title: 't', body: '', isPullRequest: false },
      isPublicRepo: true,
      htmlUrl: 'https://github.com/o/r',
    },
    ports,
  );
  return { mention, replies, reactions };
}

describe('the flows with a front that retries (ports.retryable)', () => {
  it('throw a RetryLaterError for a failure the front calls retryable, and post no failure reply', async () => {
    const { mention, replies, reactions } = setUp((error) => (error as { status?: number }).status === 502);
    expect(await mention.accept()).toBe(true);
    await expect(mention.answer()).rejects.toBeInstanceOf(RetryLaterError);
    // Only "working" was posted: the retry updates that same sticky comment.
    expect(replies).toEqual(['⏳ nanodex is working on `find` …']);
    expect(reactions).toEqual(['eyes']);
  });

  it('reply with the failure and its reference id when the front does not retry it (the last attempt)', async () => {
    const { mention, replies, reactions } = setUp(() => false);
    await mention.accept();
    const outcome = await mention.answer();
    expect(outcome).toMatchObject({ handled: 'answered', result: { kind: 'failed' } });
    expect(replies.at(-1)).toMatch(/reference `[0-9a-f]{8}`/);
    expect(reactions).toEqual(['eyes', 'confused']);
  });

  it('reply as before without a retrying front (the in-process App, the Action, the CLI)', async () => {
    const { mention, replies } = setUp();
    await mention.accept();
    await mention.answer();
    expect(replies.at(-1)).toMatch(/reference `[0-9a-f]{8}`/);
  });
});
