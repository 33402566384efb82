import { existsSync, realpathSync } from 'node:fs';
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Octokit } from '@octokit/rest';
import { indexRepository } from '../core/code-index/index-repository.js';
import { IndexStore } from '../core/code-index/index-store.js';
import { findFileKind } from '../core/code-index/languages.js';
import { LocalRepoSource } from '../core/repo/local-repo-source.js';
import { resolveInsideRoot } from '../core/repo/repo-path.js';
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
 * first use downloads one tarball (capped); later uses compare the new
 * commit's git tree with the blob shas in the index and fetch only the
 * blobs that changed. Jobs for one repository never overlap in one process
 * (the queue guarantees it), but two processes (workers, or a restart that
 * overlaps the old server) may share the data directory: a job that has to
 * write takes the index's write lock first, and one that finds the index
 * already at its commit reads it without waiting.
 */
export class TarballRepoIndexes implements RepoIndexes {
  constructor(private readonly options: { dataDir: string; lockWaitMs?: number }) {}

  has(target: RepoTarget): boolean {
    return existsSync(path.join(this.folderFor(target), 'index.sqlite'));
  }

  async open(client: GitHubClient, target: RepoTarget, options: { headSha?: string } = {}): Promise<OpenedRepoIndex> {
    const folder = this.folderFor(target);
    const tree = path.join(folder, 'tree');
    await mkdir(folder, { recursive: true });
    // GitHubRepoSource is typed on @octokit/rest; it only calls `request`, which both clients share.
    const octokit = client as unknown as Octokit;
    const headSha = options.headSha ?? (await new GitHubRepoSource(octokit, { owner: target.owner, repo: target.repo }).readMetadata()).headSha;
    const remote = new GitHubRepoSource(octokit, { owner: target.owner, repo: target.repo, ref: headSha });
    const file = path.join(folder, 'index.sqlite');
    const ready = openAtCommit(file, headSha);
    if (ready !== undefined) return { source: new LocalRepoSource(tree), store: ready, headSha, update: 'fresh', release: () => ready.close() };
    const store = await IndexStore.openWriter(file, { waitMs: this.options.lockWaitMs });
    let update: OpenedRepoIndex['update'] = 'fresh';
    try {
      // Read under the lock: the writer this job waited for may have brought it to this commit already.
      const indexed = store.getMeta('head_sha');
      if (indexed !== headSha) {
        const changed = indexed !== undefined && existsSync(tree) ? await this.findChangedPaths(remote, store) : undefined;
        if (changed === undefined || changed.length > MAX_DELTA_FILES) {
          await rm(tree, { recursive: true, force: true });
          await remote.downloadTarball(tree, { maxBytes: target.maxTarballBytes });
          await indexRepository(new LocalRepoSource(tree), store, {});
          update = 'built';
        } else {
          await this.applyDelta(client, target, tree, changed);
          await indexRepository(new LocalRepoSource(tree), store, { onlyPaths: changed.map((c) => c.path) });
          update = 'delta';
        }
        store.transaction(() => store.setMeta('head_sha', headSha));
      }
      store.releaseWriteLock();
    } catch (error) {
      store.close();
      throw error;
    }
    return { source: new LocalRepoSource(tree), store, headSha, update, release: () => store.close() };
  }

  private folderFor(target: RepoTarget): string {
    const name = `${target.owner}+${target.repo}`.replace(/[^A-Za-z0-9._+-]/g, '_');
    return path.join(this.options.dataDir, 'installations', String(target.installationId), name);
  }

  /** The indexable files whose blob differs from the index's (added or changed: a sha; removed: none). */
  private async findChangedPaths(remote: GitHubRepoSource, store: IndexStore): Promise<{ path: string; blobSha?: string }[]> {
    const listing = await remote.listFiles();
    const stored = new Map(store.listFiles().map((f) => [f.path, f.blobSha]));
    const changed: { path: string; blobSha?: string }[] = [];
    const present = new Set<string>();
    for (const file of listing.files) {
      if (findFileKind(file.path) === undefined) continue;
      present.add(file.path);
      if (stored.get(file.path) !== file.blobSha) changed.push({ path: file.path, blobSha: file.blobSha });
    }
    for (const file of stored.keys()) if (!present.has(file)) changed.push({ path: file });
    return changed;
  }

  private async applyDelta(client: GitHubClient, target: RepoTarget, tree: string, changed: { path: string; blobSha?: string }[]): Promise<void> {
    for (const file of changed) {
      const { absolute } = resolveInsideRoot(realpathSync(tree), file.path);
      if (file.blobSha === undefined) {
        await unlink(absolute).catch((error: unknown) => {
          if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
        });
        continue;
      }
      const { data } = await client.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
        owner: target.owner, repo: target.repo, file_sha: file.blobSha,
      });
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8'));
    }
  }
}

/** The index when it already holds `headSha` (head_sha is written after a build ends): read without waiting for any writer. */
function openAtCommit(file: string, headSha: string): IndexStore | undefined {
  const store = IndexStore.findReadable(file);
  if (store === undefined || store.getMeta('head_sha') === headSha) return store;
  store.close();
  return undefined;
}
