import type { GitHubClient } from '../github/github-client.js';
import type { AppDeps } from './app-deps.js';
import type { Job } from './job-queue.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { toRepoKey } from './repo-indexes.js';

export interface InstallationInput {
  deliveryId: string;
  client: GitHubClient;
  installationId: number;
  /** `owner/name` of each repository the installation added. */
  repositories: string[];
}

/**
 * The optional first index on install: the first `installIndexLimit`
 * repositories of the event are considered (each costs API calls to read its
 * config), and of those only the ones whose config sets `index.onInstall`
 * and whose size (GitHub's estimate) is within the config's tarball cap are
 * indexed. Everything else is indexed on first use.
 */
export function toInstallationJobs(deps: AppDeps, input: InstallationInput): Job[] {
  const chosen = input.repositories.slice(0, deps.installIndexLimit);
  if (chosen.length < input.repositories.length) {
    deps.logger.info('install indexing limited', {
      deliveryId: input.deliveryId,
      repositories: input.repositories.length,
      indexed: chosen.length,
    });
  }
  return chosen.map((fullName) => {
    const [owner = '', repo = ''] = fullName.split('/');
    const run = async (): Promise<void> => {
      const { data } = await input.client.request('GET /repos/{owner}/{repo}', { owner, repo });
      const parsed = await readRepoConfig(input.client, { owner, repo, defaultBranch: data.default_branch });
      if (!parsed.ok || !parsed.config.index.onInstall) return;
      const { maxTarballBytes } = parsed.config.index;
      // `size` (KB) counts history too, so it over-estimates the tarball: a cheap, cautious pre-check; the download is capped as well.
      if (data.size * 1024 > maxTarballBytes) {
        deps.logger.info('install indexing skipped: repository too large', { repo: fullName, sizeKb: data.size, maxTarballBytes });
        return;
      }
      const opened = await deps.indexes.open(input.client, {
        installationId: input.installationId,
        owner,
        repo,
        defaultBranch: data.default_branch,
        maxTarballBytes,
      });
      opened.release();
    };
    return { deliveryId: `${input.deliveryId}:${fullName}`, repoKey: toRepoKey({ owner, repo }), name: 'installation', run };
  });
}
