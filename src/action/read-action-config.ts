import { readFileSync } from 'node:fs';
import { parseRepoConfig, renderConfigProblems, type ParsedRepoConfig, type RepoConfig } from '../core/config/repo-config.js';
import { NanodexError } from '../core/errors.js';
import { parseRepoPath, resolveInsideRoot } from '../core/repo/repo-path.js';
import type { GitHubClient, RepoCoords } from '../github/github-client.js';
import { readRepoConfig } from '../github/read-repo-config.js';

/**
 * The repository's config from the checkout (`config-path`), parsed once.
 * An absent file means the defaults; an invalid one stops the run with
 * every problem listed, as the App would reply with them.
 */
export function readActionConfig(workspace: string, configPath: string): RepoConfig {
  const file = resolveInsideRoot(workspace, configPath).absolute;
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (!isNotFound(error)) throw new NanodexError('config-unreadable', `could not read ${configPath}`, { cause: error });
    text = undefined;
  }
  return toRepoConfig(parseRepoConfig(text, configPath), configPath, `correct ${configPath} (the problems are listed above) and run again`);
}

/**
 * The same file (`config-path`, as a repository path) from `ref` through the
 * API: what a pull request's events read (see findTrustedRef), with the same
 * failure for an invalid file.
 */
export async function readActionConfigFromRef(client: GitHubClient, coords: RepoCoords & { ref: string }, configPath: string): Promise<RepoConfig> {
  const file = parseRepoPath(configPath);
  const parsed = await readRepoConfig(client, { owner: coords.owner, repo: coords.repo, defaultBranch: coords.ref, file });
  return toRepoConfig(parsed, file, `correct ${file} on ${coords.ref} (the problems are listed above) and run again: a pull request's own copy is not read`);
}

function toRepoConfig(parsed: ParsedRepoConfig, file: string, hint: string): RepoConfig {
  if (parsed.ok) return parsed.config;
  throw new NanodexError('config-invalid', renderConfigProblems(parsed.problems, file), { hint });
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
