import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LocalRepoSource,
  NanodexError,
  openRepoIndex,
  PERMISSIONS,
  REPO_CONFIG_FILE,
  reviewChange,
  SqliteCodeIndex,
  startMention,
  systemClock,
  toIndexFile,
} from '../../core/index.js';
import type { FlowPorts, Logger, Permission } from '../../core/index.js';
import { parseMention } from '../../github/parse-mention.js';
import { parseWebhookPayload, renderPayloadProblems } from '../../github/parse-webhook-payload.js';
import { toMentionEvent } from '../../github/to-mention-event.js';
import { readGitDiff } from '../read-git-diff.js';
import { readLocalConfig } from '../read-local-config.js';
import { TranscriptThread } from './transcript-thread.js';

export interface ReplayOptions {
  /** The webhook event name (X-GitHub-Event), e.g. issue_comment. */
  event: string;
  payload: Record<string, unknown>;
  /** The local repository that stands for the payload's repository. */
  repo: string;
  appSlug: string;
  dataDir?: string;
  /** The commenter's permission to pretend (default admin). */
  permission?: string;
  /** For pull requests: the local refs of the diff (default: the current branch...HEAD). */
  base?: string;
  head?: string;
  model?: Pick<FlowPorts, 'model' | 'modelConfig'>;
  logger: Logger;
}

/** Stands in for a real installation when a saved payload has none (most recorded examples). */
const REPLAY_INSTALLATION_ID = 1;

/**
 * What the App would post for a saved webhook delivery, offline: the payload
 * is checked as the server checks it, then mapped to the same core flows the
 * App runs (startMention, reviewChange), with the local repository as the
 * workspace and its working tree's config, and a TranscriptThread instead of
 * GitHub. Nothing is sent anywhere.
 */
export async function replayEvent(options: ReplayOptions): Promise<string> {
  const checked = parseWebhookPayload(options.event, options.payload);
  if (checked.kind === 'invalid') {
    throw new NanodexError(
      'payload-invalid',
      `the ${options.event} payload does not have the fields the App reads: ${renderPayloadProblems(checked.problems)}`,
      {
        hint: "replay the payload as GitHub sent it (the App's Advanced settings page lists recent deliveries), with --event set to its X-GitHub-Event header",
      },
    );
  }
  if (checked.kind === 'ignored') return `${checked.reason}; it would post nothing.\n`;
  const permission = toPermission(options.permission ?? 'admin');
  const selfLogin = `${options.appSlug}[bot]`;
  const root = path.resolve(options.repo);
  const ports: FlowPorts = { ...toLocalWorkspace(root, options.dataDir), logger: options.logger, clock: systemClock, ...options.model };
  const loadPullRequest = (number: number, title: string, body: string) => async () => {
    const base = options.base ?? currentBranch(root);
    const read = await readGitDiff(root, base, options.head ?? 'HEAD');
    if (read.baseSha === read.headSha) {
      throw new NanodexError(
        'bad-ref',
        `the pull request to replay has no change here: ${base} and ${options.head ?? 'HEAD'} are the same commit`,
        {
          hint: 'pass --base with the branch the pull request goes into and --head with its branch, e.g. --base main --head my-branch',
        },
      );
    }
    return { number, baseSha: read.baseSha, headSha: read.headSha, title, body, diff: read.diff };
  };

  switch (checked.event) {
    case 'issue_comment.created':
    case 'pull_request_review_comment.created': {
      const event =
        checked.event === 'issue_comment.created'
          ? toMentionEvent({ name: 'issue_comment', payload: checked.payload }, { installationId: REPLAY_INSTALLATION_ID })
          : toMentionEvent({ name: 'pull_request_review_comment', payload: checked.payload }, { installationId: REPLAY_INSTALLATION_ID });
      const mention = event && event.actor.login !== selfLogin ? parseMention(event.comment.body, options.appSlug) : undefined;
      if (event === undefined || mention === undefined)
        return new TranscriptThread({ number: 0, loadPullRequest: notAPullRequest }).render();
      const thread = new TranscriptThread({
        number: event.issue.number,
        loadPullRequest: loadPullRequest(event.issue.number, event.issue.title, event.issue.body),
      });
      const flow = startMention(
        {
          text: mention.text,
          openIssue: mention.openIssue,
          commentId: event.comment.id,
          actor: event.actor,
          thread: event.issue,
          isPublicRepo: event.isPublic,
          htmlUrl: event.htmlUrl,
        },
        { ...ports, thread, selfLogin, readConfig: async () => readLocalConfig(root), readPermission: async () => permission },
      );
      if (await flow.accept()) {
        await flow.answer();
        await ports.workspace.finishIndex?.();
      }
      return thread.render();
    }
    case 'pull_request.opened':
    case 'pull_request.reopened':
    case 'pull_request.synchronize':
    case 'pull_request.ready_for_review': {
      const pr = checked.payload.pull_request;
      const thread = new TranscriptThread({ number: pr.number, loadPullRequest: loadPullRequest(pr.number, pr.title, pr.body ?? '') });
      const parsed = readLocalConfig(root);
      if (!parsed.ok) return `${REPO_CONFIG_FILE} has problems; the App would say so on the pull request.\n`;
      if (!parsed.config.review.auto || (pr.draft === true && !parsed.config.review.drafts)) return thread.render();
      const facts = await thread.readFacts();
      await reviewChange(
        {
          pr: facts,
          config: parsed.config,
          htmlUrl: `https://github.com/${checked.payload.repository.owner.login}/${checked.payload.repository.name}`,
        },
        thread,
        ports,
      );
      return thread.render();
    }
    default:
      // push and installation events refresh or build indexes: nothing is posted.
      return 'nanodex would post nothing for this event.\n';
  }
}

function toLocalWorkspace(root: string, dataDir: string | undefined): Pick<FlowPorts, 'workspace'> {
  // A kept index (--data-dir) that holds only a first answer's files: finishIndex completes it.
  let unfinished: { file: string; source: LocalRepoSource } | undefined;
  const openIndex = (file: string, source: LocalRepoSource, question: string | undefined) =>
    openRepoIndex(file, {
      files: { kind: 'checkout', source },
      indexing: { workers: 0 },
      // As the App does: a question on a repository with no index yet is answered from the files it needs.
      firstAnswer: question === undefined ? undefined : { question },
    });
  return {
    workspace: {
      async open(at) {
        const source = new LocalRepoSource(root);
        // Without --data-dir the index is this replay's own, and goes with it.
        const scratch = dataDir === undefined ? mkdtempSync(path.join(tmpdir(), 'nanodex-replay-')) : undefined;
        const file = toIndexFile(dataDir ?? scratch!, source.root);
        const { store, update } = await openIndex(file, source, at?.question);
        unfinished = update === 'first-answer' && scratch === undefined ? { file, source } : undefined;
        return {
          source,
          index: new SqliteCodeIndex(store),
          repo: { kind: 'local', root: source.root },
          close: () => {
            store.close();
            if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
          },
        };
      },
      // After the reply, as the App's job does: the rest of a kept index is built for the next question.
      async finishIndex() {
        if (unfinished === undefined) return;
        const { file, source } = unfinished;
        unfinished = undefined;
        (await openIndex(file, source, undefined)).store.close();
      },
    },
  };
}

function toPermission(value: string): Permission {
  if ((PERMISSIONS as readonly string[]).includes(value)) return value as Permission;
  throw new NanodexError('bad-flag', `--permission ${JSON.stringify(value)} is not a permission level`, {
    hint: `use one of ${PERMISSIONS.join(', ')}`,
  });
}

function currentBranch(root: string): string {
  try {
    return (
      execFileSync('git', ['-C', root, 'rev-parse', '--abbrev-ref', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || 'HEAD'
    );
  } catch {
    return 'HEAD'; // not a git checkout: readGitDiff says so
  }
}

async function notAPullRequest(): Promise<never> {
  throw new Error('not a pull request');
}
