import { findConfigSizeProblem, parseRepoConfig, REPO_CONFIG_FILE, type ParsedRepoConfig } from '../core/index.js';
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
  const ref = coords.defaultBranch;
  let text: string | undefined;
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: coords.owner,
      repo: coords.repo,
      path: file,
      ref,
    });
    if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) {
      return { ok: false, problems: [{ path: '', message: `${file} is not a file`, fix: `make ${file} a YAML file` }] };
    }
    // Checked before decoding: from 1 MB (to the 100 MB GitHub takes at all) the API sends
    // `encoding: "none"` and no content, which would otherwise read as an empty file: every default.
    const tooLarge = findConfigSizeProblem(file, data.size, { ref });
    if (tooLarge !== undefined) return { ok: false, problems: [tooLarge] };
    if (data.encoding !== 'base64') {
      return {
        ok: false,
        problems: [
          {
            path: '',
            message: `GitHub sent ${file} on ${ref} without its content (encoding "${data.encoding}")`,
            fix: `check that ${file} is a plain text file, then ask again`,
          },
        ],
      };
    }
    text = Buffer.from(data.content, 'base64').toString('utf8');
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
