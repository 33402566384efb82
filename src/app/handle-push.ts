import { DEFAULT_REPO_CONFIG } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import type { AppDeps } from './app-deps.js';
import type { Job } from './job-queue.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toRepoKey, type RepoTarget } from './repo-indexes.js';

export interface PushInput {
  deliveryId: string;
  client: GitHubClient;
  target: Omit<RepoTarget, 'maxTarballBytes'>;
  /** The commit the default branch points at after the push. */
  after: string;
}

/**
 * A push to the default branch brings an existing index up to the new head
 * (the tree diff: only changed blobs are fetched). A repository never
 * indexed is left alone: its first request builds the index.
 */
export function toPushJob(deps: AppDeps, input: PushInput): Job {
  const { target } = input;
  const run = async (): Promise<void> => {
    // Most pushes are to repositories never indexed: ask the disk before spending an API call on the config.
    if (!deps.indexes.has({ ...target, maxTarballBytes: DEFAULT_REPO_CONFIG.index.maxTarballBytes })) return;
    const parsed = await readRepoConfig(input.client, { owner: target.owner, repo: target.repo, defaultBranch: target.defaultBranch });
    if (!parsed.ok) {
      deps.logger.warn('index not refreshed: the config is invalid', {
        deliveryId: input.deliveryId,
        repo: toRepoKey(target),
        problems: parsed.problems.length,
      });
      return;
    }
    const { maxTarballBytes } = parsed.config.index;
    const opened = await deps.indexes.open(input.client, { ...target, maxTarballBytes }, { headSha: input.after });
    opened.release();
    deps.logger.info('index updated', {
      deliveryId: input.deliveryId,
      repo: toRepoKey(target),
      update: opened.update,
      headSha: input.after,
    });
  };
  return { deliveryId: input.deliveryId, repoKey: toRepoKey(target), name: 'push', run };
}
