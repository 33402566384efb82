import type { IndexStore, RepoSource } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';

/** The repository a job works on, as the webhook names it. */
export interface RepoTarget {
  installationId: number;
  owner: string;
  repo: string;
  defaultBranch: string;
  /** The repository config's cap on the first download. */
  maxTarballBytes: number;
}

/** An index opened for one job; `release` closes it (the job holds the repository alone meanwhile). */
export interface OpenedRepoIndex {
  source: RepoSource;
  store: IndexStore;
  /** The default-branch commit the index holds: citations link to it. */
  headSha: string;
  /** How the index was brought up to date for this job (`first-answer`: only the question's files; open again to finish it). */
  update: 'fresh' | 'built' | 'delta' | 'first-answer';
  release(): void;
}

/**
 * Where the App's indexes come from. The server uses `TarballRepoIndexes`
 * (one SQLite file per repository under the data directory, first built from
 * one tarball, then refreshed from the tree diff); `nanodex replay`, tests
 * and the load benchmark use `LocalRepoIndexes` over a folder.
 */
export interface RepoIndexes {
  /**
   * The index of the default branch at `headSha` (its current head when absent), built or refreshed first;
   * with `question`, an index with no files yet may get only the files the question needs (a first answer).
   */
  open(client: GitHubClient, target: RepoTarget, options?: { headSha?: string; question?: string }): Promise<OpenedRepoIndex>;
  /** Whether this repository was indexed before (a push refreshes only indexes that exist). */
  has(target: RepoTarget): boolean;
}

export function toRepoKey(target: Pick<RepoTarget, 'owner' | 'repo'>): string {
  return `${target.owner}/${target.repo}`.toLowerCase();
}
