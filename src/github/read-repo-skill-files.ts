import { findRepositorySkillPaths, MAX_REPOSITORY_SKILLS, MAX_SKILL_BYTES, type Logger, type SkillFile } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { isStatus } from './read-repo-config.js';

/** Where a repository keeps its own skills: `.github/skills/<name>/SKILL.md`. */
export const REPO_SKILLS_FOLDER = '.github/skills';

/**
 * The repository's own `.github/skills/<name>/SKILL.md` files on `ref` (the
 * default branch: a pull request must not bring the skill that reviews it),
 * through the contents API. No folder means no skills. At most
 * MAX_REPOSITORY_SKILLS, the first by path, are read.
 *
 * A SKILL.md over MAX_SKILL_BYTES is never decoded (past 1 MB GitHub sends
 * no content at all, `encoding: "none"`): it comes back with its size and
 * no text, so parseSkill reports it in the reply like an oversized file on
 * disk, and the Action log names it (`logger.warn`). A folder with no
 * SKILL.md, or a SKILL.md that is not a file (a symlink, a submodule), is
 * skipped.
 */
export async function readRepoSkillFiles(
  client: GitHubClient,
  coords: RepoCoords & { ref: string },
  options: { logger?: Logger } = {},
): Promise<SkillFile[]> {
  const listing = await readContents(client, coords, REPO_SKILLS_FOLDER);
  if (!Array.isArray(listing)) return [];
  const folders = listing.filter((entry) => entry.type === 'dir').map((entry) => `${REPO_SKILLS_FOLDER}/${entry.name}/SKILL.md`);
  const paths = findRepositorySkillPaths(folders);
  if (paths.length > MAX_REPOSITORY_SKILLS) {
    options.logger?.warn('too many repository skills: only the first are read', { found: paths.length, read: MAX_REPOSITORY_SKILLS });
  }
  const files: SkillFile[] = [];
  // One at a time: a repository has a handful of skills, and GitHub asks for no concurrent requests per token.
  for (const path of paths.slice(0, MAX_REPOSITORY_SKILLS)) {
    const data = await readContents(client, coords, path);
    if (data === undefined || Array.isArray(data) || data.type !== 'file' || !('content' in data)) continue;
    if (data.size > MAX_SKILL_BYTES || data.encoding !== 'base64') {
      options.logger?.warn('skipped a repository skill over the size limit', { path, bytes: data.size, limit: MAX_SKILL_BYTES });
      files.push({ path, text: '', size: data.size });
      continue;
    }
    files.push({ path, text: Buffer.from(data.content, 'base64').toString('utf8') });
  }
  return files;
}

/** GET a path's contents on the ref; undefined when it does not exist there. */
async function readContents(client: GitHubClient, coords: RepoCoords & { ref: string }, path: string) {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: coords.owner,
      repo: coords.repo,
      path,
      ref: coords.ref,
    });
    return data;
  } catch (error) {
    if (isStatus(error, 404)) return undefined;
    throw error;
  }
}
