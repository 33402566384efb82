import { systemClock, type Permission } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { statusOf } from './status-of.js';

/** A minute: long enough that a burst of comments costs one request, short enough that a revoked write access soon counts. */
const DEFAULT_TTL_MS = 60_000;
const ROLES: readonly Permission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

/**
 * A person's permission on a repository, cached per repository and login.
 * `role_name` is used when GitHub gives one (it knows maintain and triage,
 * which `permission` folds into write and read); a 404 (not a collaborator,
 * or no such user) is 'none'. Concurrent asks share one request.
 */
export class PermissionCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { at: number; permission: Promise<Permission> }>();

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.#now = options.now ?? (() => Date.now());
  }

  get(client: GitHubClient, coords: RepoCoords, login: string): Promise<Permission> {
    const key = `${coords.owner}/${coords.repo}\0${login}`.toLowerCase();
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit !== undefined && now - hit.at < this.#ttlMs) return hit.permission;
    const permission = readPermission(client, coords, login);
    this.#entries.set(key, { at: now, permission });
    // A failure is not remembered: the next ask tries again.
    permission.catch(() => this.#entries.get(key)?.permission === permission && this.#entries.delete(key));
    return permission;
  }
}

async function readPermission(client: GitHubClient, coords: RepoCoords, login: string): Promise<Permission> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      owner: coords.owner,
      repo: coords.repo,
      username: login,
    });
    const role = ROLES.find((r) => r === data.role_name);
    return role ?? ROLES.find((r) => r === data.permission) ?? 'none';
  } catch (error) {
    if (statusOf(error) === 404) return 'none';
    throw toNanodexError(error, {
      what: `reading ${login}'s permission on ${coords.owner}/${coords.repo}`,
      notFoundCode: 'repo-not-found',
      clock: systemClock,
      forbiddenHint: 'give the App or the workflow token read access to metadata ("metadata: read")',
    });
  }
}
