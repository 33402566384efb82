import { readFileSync, statSync } from 'node:fs';
import {
  findConfigSizeProblem,
  NanodexError,
  parseRepoConfig,
  parseRepoPath,
  renderConfigProblems,
  resolveInsideRoot,
  type ParsedRepoConfig,
  type RepoConfig,
} from '../core/index.js';
import type { GitHubClient, RepoCoords } from '../github/github-client.js';
import { readRepoConfig } from '../github/read-repo-config.js';

/**
 * The repository's config from the checkout (`config-path`), parsed once.
 * An absent file means the defaults; an invalid one stops the run with
 * every problem listed, as the App would reply with them.
 */
export function readActionConfig(workspace: string, configPath: string): RepoConfig {
  const file = resolveInsideRoot(workspace, configPath).absolute;
  const text = readConfigText(file, configPath);
  return toRepoConfig(parseRepoConfig(text, configPath), configPath, `correct ${configPath} (the problems are listed above) and run again`);
}

/** The file's text, or undefined when there is none. Sized before it is read: a runaway file is reported, never loaded. */
function readConfigText(file: string, configPath: string): string | undefined {
  try {
    const tooLarge = findConfigSizeProblem(configPath, statSync(file).size);
    if (tooLarge !== undefined) {
      throw new NanodexError('config-invalid', renderConfigProblems([tooLarge], configPath), {
        hint: `shrink ${configPath} and run again`,
      });
    }
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof NanodexError) throw error;
    if (isNotFound(error)) return undefined;
    throw new NanodexError('config-unreadable', `could not read ${configPath}`, { cause: error });
  }
}

/**
 * The same file (`config-path`, as a repository path) from `ref` through the
 * API: what a pull request's events read (see findTrustedRef), with the same
 * failure for an invalid file.
 */
export async function readActionConfigFromRef(
  client: GitHubClient,
  coords: RepoCoords & { ref: string },
  configPath: string,
): Promise<RepoConfig> {
  const file = parseRepoPath(configPath);
  const parsed = await readRepoConfig(client, { owner: coords.owner, repo: coords.repo, defaultBranch: coords.ref, file });
  return toRepoConfig(
    parsed,
    file,
    `correct ${file} on ${coords.ref} (the problems are listed above) and run again: a pull request's own copy is not read`,
  );
}

function toRepoConfig(parsed: ParsedRepoConfig, file: string, hint: string): RepoConfig {
  if (parsed.ok) return parsed.config;
  throw new NanodexError('config-invalid', renderConfigProblems(parsed.problems, file), { hint });
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
