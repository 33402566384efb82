import type { CodeIndex } from '../code-index/code-index.js';
import { throwIfRetryable } from '../failure/retry-later.js';
import { toFailure } from '../failure/to-failure.js';
import type { RepoSource } from '../ports.js';
import type { RepoRef, Request, RunResult } from '../request.js';
import { run } from '../run.js';
import type { RunPorts } from '../run-ports.js';
import type { SkillFile } from '../skills/types.js';
import type { ChangeHistory } from '../review/change-history.js';

/** A repository's files and index, open for one request. */
export interface OpenedWorkspace {
  source: RepoSource;
  index: CodeIndex;
  /** How requests name the repository (and where its citations point). */
  repo: RepoRef;
  /** Where citations link: the repository's page and the commit the index holds. */
  links?: { htmlUrl: string; sha: string };
  /** The repository's skills as read from a ref the front trusts; absent: the core reads them from the index. */
  repositorySkills?: SkillFile[];
  /** The checkout's git history (co-change, churn, commit messages); absent for a tarball index. */
  history?: ChangeHistory;
  close(): void;
}

/**
 * Where a flow's repository comes from: a checkout and its cached index (the
 * Action, the CLI), or a per-installation index kept from tarballs and
 * deltas (the App). Opened only when a request needs it: a mention refused,
 * or a head already reviewed, opens nothing. An adapter translates its own
 * vendor errors (GitHub's) before they reach the flow.
 */
export interface Workspace {
  /**
   * `at.headSha`: the commit a review reads (the pull request's head), where
   * the adapter can open the index there; the default branch's head when absent.
   */
  open(at?: { headSha?: string; question?: string }): Promise<OpenedWorkspace>;
  /**
   * Where `open` was given a question and found no index, the adapter may index only the files the
   * question needs (a first answer; the reply says so). This finishes that index, after the reply is
   * posted; it does nothing when the index opened whole.
   */
  finishIndex?(): Promise<void>;
}

/** Commands that ask about the code: with no index yet, they are answered first from the files they need. */
const QUESTIONS: ReadonlySet<string> = new Set(['ask', 'locate', 'explain', 'plan', 'debug']);

/** What a flow runs requests with: everything run() takes, with the repository opened on demand. */
export type FlowPorts = Omit<RunPorts, 'source' | 'index'> & { workspace: Workspace };

/**
 * Opens the workspace, runs one request through the core and closes it.
 * Never throws: a failure to open (GitHub unreachable, an index that cannot
 * be built) comes back as `failed` with a reference id, like a failure
 * inside the core, so a flow has one path to tell the user.
 */
export async function runInWorkspace(request: Omit<Request, 'repo'>, ports: FlowPorts): Promise<RunResult> {
  let opened: OpenedWorkspace;
  try {
    // A review reads the pull request's head: its findings and walkthrough parse the head's content against the diff.
    opened = await ports.workspace.open(
      request.command === 'review' && request.pullRequest
        ? { headSha: request.pullRequest.headSha }
        : QUESTIONS.has(request.command)
          ? { question: request.prompt }
          : undefined,
    );
  } catch (error) {
    throwIfRetryable(error, ports.retryable);
    return toFailure(error, {
      logger: ports.logger,
      log: 'opening the repository failed',
      fallback: 'nanodex hit an unexpected error while indexing the repository',
    });
  }
  try {
    const { workspace: _workspace, ...rest } = ports;
    return await run(
      { ...request, repo: opened.repo, links: request.links ?? opened.links },
      {
        ...rest,
        source: opened.source,
        index: opened.index,
        repositorySkills: opened.repositorySkills ?? rest.repositorySkills,
        history: opened.history ?? rest.history,
      },
    );
  } finally {
    opened.close();
  }
}
