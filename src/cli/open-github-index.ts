import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Octokit } from '@octokit/rest';
import { toIndexFile } from '../core/code-index/index-location.js';
import { indexRepository } from '../core/code-index/index-repository.js';
import { IndexStore } from '../core/code-index/index-store.js';
import { NanodexError } from '../core/errors.js';
import { fetchWithTimeout } from '../core/net/fetch-with-timeout.js';
import type { RepoRef } from '../core/request.js';
import { LocalRepoSource } from '../core/repo/local-repo-source.js';
import { GitHubRepoSource } from '../github/github-repo-source.js';
import { DEFAULT_GITHUB_TIMEOUT_MS } from '../github/github-timeout.js';
import { parseGitHubUrl, type GitHubUrl } from '../github/parse-github-url.js';
import type { CliIo } from './cli-context.js';
import { findDataDir } from './data-dir.js';
import { toLockWaitOptions } from './open-index.js';

/** Largest tarball downloaded for an index; GitHub's own tarballs of big repositories run to hundreds of MB. */
const MAX_TARBALL_BYTES = 200 * 1024 * 1024;

export interface OpenedGitHubIndex {
  source: GitHubRepoSource;
  store: IndexStore;
  repo: Extract<RepoRef, { kind: 'github' }>;
}

/**
 * A GitHub repository for `ask`/`locate`: the index is built once per commit
 * from one tarball download (kept in the data directory); the pipeline then
 * reads through the GitHub source, so every byte it fetches is counted.
 */
export async function openGitHubIndex(
  url: string,
  options: { dataDir?: string; octokit?: Octokit; lockWait?: number },
  io: CliIo,
): Promise<OpenedGitHubIndex> {
  const parsed = parseGitHubUrl(url);
  if (!parsed) {
    throw new NanodexError('repo-not-found', `${url} is neither a folder nor a GitHub repository URL`, {
      hint: 'pass --repo with a local folder or https://github.com/OWNER/REPO[/tree/REF/PATH]',
    });
  }
  const octokit = options.octokit ?? new Octokit({
    auth: io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN, userAgent: 'nanodex', request: { fetch: fetchWithTimeout(DEFAULT_GITHUB_TIMEOUT_MS, 'GitHub') },
  });
  const source = new GitHubRepoSource(octokit, { owner: parsed.owner, repo: parsed.repo, ref: parsed.ref, scope: parsed.scope });
  const { ref, scope } = await source.resolveRefAndScope();
  const { headSha } = await source.readMetadata();
  const dataDir = findDataDir(io.env, options.dataDir);
  const label = `${parsed.owner}+${parsed.repo}@${headSha.slice(0, 12)}`;
  const file = toIndexFile(dataDir, `github.com/${parsed.owner}/${parsed.repo}@${headSha}`);
  const ready = openReady(file, headSha);
  if (ready !== undefined) return { source, store: ready, repo: toRepoRef(parsed, ref, scope) };
  const store = await IndexStore.openWriter(file, toLockWaitOptions(options, io));
  try {
    // The index is complete for this commit only once head_sha is written, after indexing; an
    // interrupted build is resumed (only files not yet committed are parsed). Read again under
    // the lock: the writer this one waited for may have finished it.
    if (store.getMeta('head_sha') !== headSha) {
      const tree = path.join(dataDir, 'github', label);
      // downloadTarball extracts beside the target and renames on success: a folder here is whole.
      if (!existsSync(tree)) {
        mkdirSync(path.dirname(tree), { recursive: true });
        await source.downloadTarball(tree, { maxBytes: MAX_TARBALL_BYTES });
      }
      await indexRepository(new LocalRepoSource(tree), store, {});
      store.transaction(() => store.setMeta('head_sha', headSha));
    }
    store.releaseWriteLock();
  } catch (error) {
    store.close();
    throw error;
  }
  return { source, store, repo: toRepoRef(parsed, ref, scope) };
}

/** The index when it already holds `headSha` (head_sha is written after a build ends): read without waiting for any writer. */
function openReady(file: string, headSha: string): IndexStore | undefined {
  const store = IndexStore.findReadable(file);
  if (store === undefined || store.getMeta('head_sha') === headSha) return store;
  store.close();
  return undefined;
}

function toRepoRef(parsed: GitHubUrl, ref: string | undefined, scope: string | undefined): OpenedGitHubIndex['repo'] {
  return { kind: 'github', owner: parsed.owner, repo: parsed.repo, ...(ref ? { ref } : {}), ...(scope ? { scope } : {}), url: parsed.url };
}
