import path from 'node:path';
import { NanodexError, silentLogger, toIndexFile } from '../core/lookups.js';
import { DEFAULT_MAX_TARBALL_BYTES, openRepoIndex } from '../core/index.js';
import type { IndexStore, RepoRef } from '../core/index.js';
import { GitHubRepoSource } from '../github/github-repo-source.js';
import { createRestOctokit } from '../github/create-rest-octokit.js';
import type { GitHubClient } from '../github/github-client.js';
import { parseGitHubUrl, type GitHubUrl } from '../github/parse-github-url.js';
import type { CliIo } from './cli-context.js';
import { findDataDir } from './data-dir.js';
import { toLockWaitOptions } from './open-index.js';

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
  options: { dataDir?: string; octokit?: GitHubClient; lockWait?: number },
  io: CliIo,
): Promise<OpenedGitHubIndex> {
  const parsed = parseGitHubUrl(url);
  if (!parsed) {
    throw new NanodexError('repo-not-found', `${url} is neither a folder nor a GitHub repository URL`, {
      hint: 'pass --repo with a local folder or https://github.com/OWNER/REPO[/tree/REF/PATH]',
    });
  }
  const octokit =
    options.octokit ??
    createRestOctokit({ token: io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN, userAgent: 'nanodex', logger: silentLogger, throttle: false });
  const source = new GitHubRepoSource(octokit, { owner: parsed.owner, repo: parsed.repo, ref: parsed.ref, scope: parsed.scope });
  const { ref, scope } = await source.resolveRefAndScope();
  const { headSha } = await source.readMetadata();
  const dataDir = findDataDir(io.env, options.dataDir);
  const label = `${parsed.owner}+${parsed.repo}@${headSha.slice(0, 12)}`;
  const file = toIndexFile(dataDir, `github.com/${parsed.owner}/${parsed.repo}@${headSha}`);
  // One index per commit: never refreshed from blobs, so the tarball of the commit is all it needs.
  const { store } = await openRepoIndex(file, {
    files: {
      kind: 'remote',
      remote: source,
      headSha,
      tree: path.join(dataDir, 'github', label),
      maxTarballBytes: DEFAULT_MAX_TARBALL_BYTES,
      maxDeltaFiles: 0,
    },
    lock: toLockWaitOptions(options, io),
  });
  return { source, store, repo: toRepoRef(parsed, ref, scope) };
}

function toRepoRef(parsed: GitHubUrl, ref: string | undefined, scope: string | undefined): OpenedGitHubIndex['repo'] {
  return { kind: 'github', owner: parsed.owner, repo: parsed.repo, ...(ref ? { ref } : {}), ...(scope ? { scope } : {}), url: parsed.url };
}
