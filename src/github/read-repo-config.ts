import { parseRepoConfig, REPO_CONFIG_FILE, type ParsedRepoConfig } from '../core/config/repo-config.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { statusOf } from './status-of.js';

/**
 * The repository's config (`.github/nanodex.yml`, or `file`) from its
 * DEFAULT branch, parsed. A pull request's head is never read for config:
 * whoever can push a branch could otherwise widen access or budgets for
 * their own request, or turn off the review of their own change.
 */
export async function readRepoConfig(
  client: GitHubClient,
  coords: RepoCoords & { defaultBranch: string; file?: string },
): Promise<ParsedRepoConfig> {
  const file = coords.file ?? REPO_CONFIG_FILE;
  let text: string | undefined;
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: coords.owner, repo: coords.repo, path: file, ref: coords.defaultBranch,
    });
    if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) {
      return { ok: false, problems: [{ path: '', message: `${file} is not a file`, fix: `make ${file} a YAML file` }] };
    }
    text = Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
  } catch (error) {
    if (isStatus(error, 404)) return parseRepoConfig(undefined, file);
    throw error;
  }
  return parseRepoConfig(text, file);
}

/** An Octokit RequestError (or any error) carrying this HTTP status. */
export function isStatus(error: unknown, status: number): boolean {
  return statusOf(error) === status;
}
