import { existsSync } from 'node:fs';
import path from 'node:path';
import { openRepoIndex } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';
import { GitHubRepoSource } from '../github/github-repo-source.js';
import type { OpenedRepoIndex, RepoIndexes, RepoTarget } from './repo-indexes.js';

/**
 * Past this many changed files a refresh downloads the tarball again: one
 * archive costs less than hundreds of blob requests (each ~1 KB of quota).
 */
const MAX_DELTA_FILES = 300;

/**
 * The server's indexes: `<dataDir>/installations/<id>/<owner>+<repo>/`
 * holds `index.sqlite` and `tree/`, the files of the indexed commit. The
 * lifecycle is openRepoIndex's: the first use downloads one tarball
 * (capped); later uses compare the new commit's git tree with the blob shas
 * in the index and fetch only the blobs that changed. Jobs for one
 * repository never overlap in one process (the queue guarantees it), but two
 * processes (workers, or a restart that overlaps the old server) may share
 * the data directory: the write lock keeps them to one writer.
 */
export class TarballRepoIndexes implements RepoIndexes {
  constructor(private readonly options: { dataDir: string; lockWaitMs?: number }) {}

  has(target: RepoTarget): boolean {
    return existsSync(path.join(this.folderFor(target), 'index.sqlite'));
  }

  async open(client: GitHubClient, target: RepoTarget, options: { headSha?: string; question?: string } = {}): Promise<OpenedRepoIndex> {
    const folder = this.folderFor(target);
    const headSha =
      options.headSha ?? (await new GitHubRepoSource(client, { owner: target.owner, repo: target.repo }).readMetadata()).headSha;
    const remote = new GitHubRepoSource(client, { owner: target.owner, repo: target.repo, ref: headSha });
    const opened = await openRepoIndex(path.join(folder, 'index.sqlite'), {
      files: {
        kind: 'remote',
        remote,
        headSha,
        tree: path.join(folder, 'tree'),
        maxTarballBytes: target.maxTarballBytes,
        maxDeltaFiles: MAX_DELTA_FILES,
      },
      lock: { waitMs: this.options.lockWaitMs },
      firstAnswer: options.question === undefined ? undefined : { question: options.question },
    });
    const { store } = opened;
    return { source: opened.source, store, headSha, update: opened.update, release: () => store.close() };
  }

  private folderFor(target: RepoTarget): string {
    const name = `${target.owner}+${target.repo}`.replace(/[^A-Za-z0-9._+-]/g, '_');
    return path.join(this.options.dataDir, 'installations', String(target.installationId), name);
  }
}
