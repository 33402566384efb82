import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { openRepoIndex } from '../../../src/core/code-index/open-repo-index.js';
import { DEFAULT_REPO_CONFIG, parseRepoConfig, type ParsedRepoConfig } from '../../../src/core/config/repo-config.js';
import { startMention, type MentionInput, type MentionPorts } from '../../../src/core/flows/answer-mention.js';
import type { Workspace } from '../../../src/core/flows/workspace.js';
import { silentLogger, systemClock } from '../../../src/core/ports.js';
import type { PullRequestThread, Reaction } from '../../../src/core/publish/publisher.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

/** A thread that remembers what was written to it, as a person would see it. */
class RecordingThread implements PullRequestThread {
  readonly replies = new Map<string, string[]>();
  readonly reactions: Reaction[] = [];
  readonly issues: { title: string; body: string }[] = [];
  async findReply(key: string) {
    const bodies = this.replies.get(key);
    return bodies ? { url: `#${key}`, body: bodies.at(-1)! } : undefined;
  }
  async reply(key: string, body: string) {
    this.replies.set(key, [...(this.replies.get(key) ?? []), body]);
    return { url: `#${key}` };
  }
  async react(reaction: Reaction) {
    this.reactions.push(reaction);
  }
  async openIssue(draft: { title: string; body: string }) {
    this.issues.push(draft);
    return { number: 77, url: '#77' };
  }
  readFacts(): never {
    throw new Error('not a pull request');
  }
  readDiff(): never {
    throw new Error('not a pull request');
  }
  readCompare(): never {
    throw new Error('not a pull request');
  }
  async readSuppressedFindings() {
    return new Set<string>();
  }
  postReview(): never {
    throw new Error('not a pull request');
  }
}

function localWorkspace(root: string): Workspace {
  return {
    async open() {
      const source = new LocalRepoSource(root);
      const { store } = await openRepoIndex(path.join(makeTempDir(), 'index.sqlite'), {
        files: { kind: 'checkout', source },
        indexing: { workers: 0 },
      });
      return { source, index: new SqliteCodeIndex(store), repo: { kind: 'local', root }, close: () => store.close() };
    },
  };
}

function setUp(
  text: string,
  options: {
    login?: string;
    type?: MentionInput['actor']['type'];
    permission?: 'admin' | 'read';
    config?: ParsedRepoConfig;
    workspace?: Workspace;
  } = {},
) {
  const thread = new RecordingThread();
  const told = new Set<string>();
  let opened = 0;
  const workspace = options.workspace ?? localWorkspace(makeTempRepo(SAMPLE_FILES));
  const ports: MentionPorts = {
    workspace: {
      open: () => {
        opened += 1;
        return workspace.open();
      },
    },
    logger: silentLogger,
    clock: systemClock,
    thread,
    selfLogin: 'nanodex[bot]',
    readConfig: async () => options.config ?? { ok: true, config: DEFAULT_REPO_CONFIG },
    readPermission: async () => options.permission ?? 'admin',
    refusals: { wasTold: (login) => told.has(login), remember: (login) => told.add(login) },
  };
  const input: MentionInput = {
    text,
    openIssue: text.includes('--issue'),
    commentId: 42,
    actor: { login: options.login ?? 'octocat', type: options.type ?? 'User' },
    thread: { number: 7, title: 'Uploads fail', body: 'They fail sometimes.', isPullRequest: false },
    isPublicRepo: true,
    htmlUrl: 'https://github.com/o/r',
  };
  return { thread, ports, input, opened: () => opened, start: () => startMention(input, ports) };
}

describe('startMention (the one mention flow)', () => {
  it('answers a maintainer: "working", 👀, then the plan in the same sticky reply, then 🚀', async () => {
    const { thread, start } = setUp('plan add retries to parseHttpRequest');
    const mention = start();

    expect(await mention.accept()).toBe(true);
    const outcome = await mention.answer();

    expect(outcome).toMatchObject({ handled: 'answered', command: 'plan', result: { kind: 'done' } });
    expect(thread.reactions).toEqual(['eyes', 'rocket']);
    const bodies = thread.replies.get('mention-42')!;
    expect(bodies[0]).toBe('⏳ nanodex is working on `plan` …');
    expect(bodies.at(-1)).toContain('## Plan: add retries to parseHttpRequest');
    expect([...thread.replies.keys()]).toEqual(['mention-42']);
  });

  it('posts "working" before 👀 and does not wait for the reaction (GitHub paces writes a second apart)', async () => {
    const { thread, start } = setUp('plan add retries to parseHttpRequest');
    const writes: string[] = [];
    let release = (): void => undefined;
    const reply = thread.reply.bind(thread);
    thread.reply = async (key, body) => {
      writes.push(`reply: ${body.split('\n')[0]}`);
      return reply(key, body);
    };
    // A reaction held back, as octokit's write pacing holds the second write of a second.
    thread.react = async (reaction) => {
      writes.push(`react: ${reaction}`);
      thread.reactions.push(reaction);
      if (reaction === 'eyes') await new Promise<void>((resolve) => (release = resolve));
    };
    const mention = start();

    const accepted = await Promise.race([mention.accept(), new Promise((resolve) => setTimeout(() => resolve('waiting'), 5_000))]);
    expect(accepted).toBe(true);
    expect(writes).toEqual(['reply: ⏳ nanodex is working on `plan` …', 'react: eyes']);
    const answered = mention.answer();
    release();
    expect(await answered).toMatchObject({ handled: 'answered', command: 'plan' });
    expect(thread.reactions).toEqual(['eyes', 'rocket']);
  });

  it('opens a tracked issue for a plan asked with --issue, and says so in the reply', async () => {
    const { thread, start } = setUp('plan add retries to parseHttpRequest --issue');
    const mention = start();
    await mention.accept();
    await mention.answer();
    expect(thread.issues).toHaveLength(1);
    expect(thread.replies.get('mention-42')!.at(-1)).toMatch(/📌 Tracked in #77\./);
  });

  it('stays silent for a bot and opens nothing', async () => {
    const { thread, start, opened } = setUp('plan something', { login: 'renovate[bot]', type: 'Bot' });
    const mention = start();
    expect(await mention.accept()).toBe(false);
    expect(mention.declined).toMatchObject({ handled: 'ignored' });
    expect(thread.replies.size + thread.reactions.length).toBe(0);
    expect(opened()).toBe(0);
  });

  it('tells a reader once per thread why a plan is refused, and nothing the second time', async () => {
    const { thread, ports, input } = setUp('plan something', { permission: 'read' });
    expect(await startMention(input, ports).accept()).toBe(false);
    expect(await startMention({ ...input, commentId: 43 }, ports).accept()).toBe(false);
    expect(thread.replies.get('refused-octocat')).toEqual([
      expect.stringContaining('`plan` needs write access to this repository, and @octocat has read access.'),
    ]);
    expect(thread.reactions).toEqual([]);
  });

  it('answers help without running anything', async () => {
    const { thread, start, opened } = setUp('help');
    const mention = start();
    expect(await mention.accept()).toBe(false);
    expect(mention.declined).toMatchObject({ handled: 'help' });
    expect(thread.replies.get('mention-42')![0]).toContain('## nanodex commands');
    expect(opened()).toBe(0);
  });

  it("lists the config's problems instead of answering", async () => {
    const config = parseRepoConfig('budget:\n  rounds: lots\n');
    const { thread, start } = setUp('plan something', { config });
    const mention = start();
    expect(await mention.accept()).toBe(false);
    expect(mention.declined).toMatchObject({ handled: 'config-problems' });
    expect(thread.replies.get('mention-42')![0]).toContain('budget.rounds');
  });

  it('says what failed, with a reference id, when the repository cannot be opened', async () => {
    const broken: Workspace = {
      open: async () => {
        throw new Error('disk on fire at /srv/secret/path');
      },
    };
    const { thread, start } = setUp('plan something', { workspace: broken });
    const mention = start();
    await mention.accept();
    const outcome = await mention.answer();
    expect(outcome).toMatchObject({ handled: 'answered', result: { kind: 'failed' } });
    const last = thread.replies.get('mention-42')!.at(-1)!;
    expect(last).toMatch(
      /^nanodex could not finish: nanodex hit an unexpected error while indexing the repository \(reference `[0-9a-f]{8}`\)/,
    );
    expect(last).not.toContain('/srv/secret');
    expect(thread.reactions).toEqual(['eyes', 'confused']);
  });

  it('once stopped at its deadline, tells the person through the given publisher and writes nothing more', async () => {
    const { thread, start } = setUp('plan add retries to parseHttpRequest');
    const mention = start();
    await mention.accept();
    const deadline = new RecordingThread();
    await mention.stop({ message: 'nanodex did not finish within 1 s', referenceId: 'abcd1234' }, deadline);
    await mention.answer();
    expect(deadline.replies.get('mention-42')).toEqual([expect.stringContaining('did not finish within 1 s (reference `abcd1234`)')]);
    expect(thread.replies.get('mention-42')).toEqual(['⏳ nanodex is working on `plan` …']);
    expect(thread.reactions).toEqual(['eyes']);
  });

  it('replaces "working" with a failure and 😕 when the tracked issue cannot be opened', async () => {
    const { thread, start } = setUp('plan add retries to parseHttpRequest --issue');
    thread.openIssue = async () => {
      throw new Error('issues are disabled');
    };
    const mention = start();
    await mention.accept();
    const outcome = await mention.answer();
    expect(outcome).toMatchObject({ handled: 'answered', result: { kind: 'failed' } });
    expect(thread.replies.get('mention-42')!.at(-1)).toMatch(/^nanodex could not finish: .*\(reference `[0-9a-f]{8}`\)/);
    expect(thread.reactions).toEqual(['eyes', 'confused']);
  });

  it('refuses to answer a mention accept() declined', async () => {
    const { start } = setUp('help');
    const mention = start();
    await mention.accept();
    await expect(mention.answer()).rejects.toThrow('answer() runs only after accept() said yes');
  });
});
