import { NanodexError, SqliteCodeIndex, type FlowPorts, type Workspace } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import { statusOf } from '../github/status-of.js';
import { toNanodexError } from '../github/to-nanodex-error.js';
import { toSelfLogin, type AppDeps } from './app-deps.js';
import type { RepoTarget } from './repo-indexes.js';

/**
 * The repository as the App's flows see it: its index for this
 * installation, brought to the default branch's head (a review: the pull
 * request's head) on open, citations linked to the commit it holds. GitHub's errors are translated here, once, into messages
 * written for users.
 */
export function toAppWorkspace(deps: AppDeps, client: GitHubClient, where: AppWorkspaceTarget): Workspace {
  const { target } = where;
  const htmlUrl = where.htmlUrl ?? `https://github.com/${target.owner}/${target.repo}`;
  // The commit a first answer's index was opened at: finishIndex completes that index, at that commit.
  let partialAt: string | undefined;
  const openIndex = async (at: { headSha?: string; question?: string } | undefined) => {
    try {
      return await deps.indexes.open(client, { ...target, maxTarballBytes: where.maxTarballBytes() }, at);
    } catch (error) {
      const what = `indexing ${target.owner}/${target.repo}`;
      throw statusOf(error) !== undefined && !(error instanceof NanodexError)
        ? toNanodexError(error, { what, notFoundCode: 'repo-not-found', clock: deps.clock })
        : error;
    }
  };
  return {
    async open(at) {
      const opened = await openIndex({ headSha: at?.headSha, question: at?.question });
      if (opened.update === 'first-answer') partialAt = opened.headSha;
      return {
        source: opened.source,
        index: new SqliteCodeIndex(opened.store),
        repo: { kind: 'github', owner: target.owner, repo: target.repo, url: htmlUrl },
        links: { htmlUrl, sha: opened.headSha },
        close: () => opened.release(),
      };
    },
    async finishIndex() {
      if (partialAt === undefined) return;
      const opened = await openIndex({ headSha: partialAt });
      partialAt = undefined;
      opened.release();
    },
  };
}

export interface AppWorkspaceTarget {
  target: Omit<RepoTarget, 'maxTarballBytes'>;
  /** The repository's page (GitHub Enterprise has its own host); default https://github.com/<owner>/<repo>. */
  htmlUrl?: string;
  /** The config's cap on the first download, read when the index opens (the config is read after the event). */
  maxTarballBytes: () => number;
}

/** The ports every App flow runs with, for one repository and installation client. */
export function toAppFlowPorts(deps: AppDeps, client: GitHubClient, where: AppWorkspaceTarget): FlowPorts & { selfLogin: string } {
  return {
    workspace: toAppWorkspace(deps, client, where),
    logger: deps.logger,
    clock: deps.clock,
    model: deps.model,
    modelConfig: deps.modelConfig,
    maxima: deps.maxima,
    retryable: deps.retryable,
    selfLogin: toSelfLogin(deps.appSlug),
  };
}
