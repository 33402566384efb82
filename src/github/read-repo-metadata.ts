import { z } from 'zod';
import { NanodexError } from '../core/index.js';
import type { GitHubApi } from './github-api.js';

export interface GitHubRepoMetadata {
  owner: string;
  repo: string;
  defaultBranch: string;
  description: string | undefined;
  /** GitHub's primary language (by bytes), if it computed one. */
  language: string | undefined;
  /** The ref that was asked for, or the default branch. */
  ref: string;
  /** The commit the ref points at now; listing and tarball read this commit, so they agree. */
  headSha: string;
}

const repoResponse = z.object({
  default_branch: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
});

const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Two calls: the repository, then the ref's head commit as bare text (the `vnd.github.sha` media type). */
export async function readRepoMetadata(api: GitHubApi, ref: string | undefined): Promise<GitHubRepoMetadata> {
  const body = await api.json({ kind: 'metadata', route: 'GET /repos/{owner}/{repo}', what: `reading ${api.label}` });
  const parsed = repoResponse.safeParse(body);
  if (!parsed.success) {
    throw new NanodexError('github-request-failed', `GitHub sent repository metadata of an unexpected shape for ${api.label}`, {
      cause: parsed.error,
    });
  }
  const resolvedRef = ref ?? parsed.data.default_branch;
  const headSha = COMMIT_SHA.test(resolvedRef) ? resolvedRef : await readHeadSha(api, resolvedRef);
  return {
    ...api.repo,
    defaultBranch: parsed.data.default_branch,
    description: parsed.data.description ?? undefined,
    language: parsed.data.language ?? undefined,
    ref: resolvedRef,
    headSha,
  };
}

async function readHeadSha(api: GitHubApi, ref: string): Promise<string> {
  const text = await api.text({
    kind: 'metadata',
    route: 'GET /repos/{owner}/{repo}/commits/{+ref}',
    params: { ref: toRefPath(ref) },
    headers: { accept: 'application/vnd.github.sha' },
    what: `resolving ref ${ref} of ${api.label}`,
    notFoundCode: 'ref-not-found',
  });
  const sha = text.trim();
  if (!COMMIT_SHA.test(sha)) {
    throw new NanodexError('github-request-failed', `GitHub did not answer with a commit sha for ${api.label}@${ref}`);
  }
  return sha;
}

/**
 * A ref for a `{+ref}` URL template: slashes kept (branch `feature/x`), every
 * other reserved character of each segment percent-encoded (Octokit's `{ref}`
 * would encode the slashes too).
 */
export function toRefPath(ref: string): string {
  return ref.split('/').map(encodeURIComponent).join('/');
}
