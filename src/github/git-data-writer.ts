import { NanodexError, redactSecrets, systemClock, type ChangeWriter } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { statusOf } from './status-of.js';
import { toNanodexError } from './to-nanodex-error.js';

const BRANCH_PREFIX = 'nanodex/';
const WRITE_HINT =
  'give the App or the workflow token "contents: write" and "pull-requests: write" (the App asks for them in app.yml; an installation must accept the new permissions)';

/**
 * The ChangeWriter on GitHub, through the Git Data API: blobs, one tree on
 * top of the base commit's, one commit, a new ref under `nanodex/`, then a
 * pull request. It only ever creates refs (POST), never moves one, so the
 * default branch cannot be written whatever the caller asks. The pull
 * request's title and body are redacted here, the last step before they
 * leave; file contents are the approved proposal and are written as they are.
 */
export class GitDataWriter implements ChangeWriter {
  constructor(
    private readonly client: GitHubClient,
    private readonly repo: RepoCoords,
  ) {}

  async readDefaultBranch(): Promise<{ name: string; sha: string }> {
    return this.call('reading the default branch', async () => {
      const { data: repo } = await this.client.request('GET /repos/{owner}/{repo}', { ...this.repo });
      const { data: ref } = await this.client.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...this.repo,
        ref: `heads/${repo.default_branch}`,
      });
      return { name: repo.default_branch, sha: ref.object.sha };
    });
  }

  async readFile(path: string, commitSha: string): Promise<string | undefined> {
    try {
      const { data } = await this.client.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...this.repo,
        path,
        ref: commitSha,
        headers: { accept: 'application/vnd.github.raw+json' },
      });
      // The raw media type comes back as text, or as bytes when GitHub does not say it is text.
      const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : undefined;
      // A file that is not UTF-8 text would be rewritten with replacement characters: never.
      if (text !== undefined && !text.includes('\uFFFD')) return text;
      if (text !== undefined) {
        throw new NanodexError('not-text', `${path} is not UTF-8 text, so nanodex does not rewrite it`, {
          hint: 'apply the change to that file by hand',
        });
      }
      // A folder (an array) or a submodule/symlink entry is not a file a change can be applied to.
      throw new NanodexError('not-a-file', `${path} is not a file at ${commitSha.slice(0, 12)}`, {
        hint: 'a proposal changes files only; ask for a new proposal',
      });
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw toNanodexError(error, { what: `reading ${path}`, notFoundCode: 'file-not-found', clock: systemClock });
    }
  }

  async findPullRequest(branch: string): Promise<{ number: number; url: string } | undefined> {
    return this.call('looking for an open pull request', async () => {
      const { data } = await this.client.request('GET /repos/{owner}/{repo}/pulls', {
        ...this.repo,
        head: `${this.repo.owner}:${branch}`,
        state: 'open',
        per_page: 1,
      });
      const found = data[0];
      return found ? { number: found.number, url: found.html_url } : undefined;
    });
  }

  async commitToNewBranch(input: {
    branch: string;
    baseSha: string;
    message: string;
    files: { path: string; content: string | null }[];
  }): Promise<{ commitSha: string }> {
    if (!input.branch.startsWith(BRANCH_PREFIX) || input.branch.includes('..')) {
      throw new NanodexError('bad-branch', `refusing to write branch ${JSON.stringify(input.branch)}`, {
        hint: `nanodex writes only new branches under ${BRANCH_PREFIX}`,
      });
    }
    return this.call(`writing branch ${input.branch}`, async () => {
      const { data: base } = await this.client.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
        ...this.repo,
        commit_sha: input.baseSha,
      });
      const modes = await this.readModes(
        base.tree.sha,
        input.files.map((f) => f.path),
      );
      const tree: { path: string; mode: '100644' | '100755'; type: 'blob'; sha: string | null }[] = [];
      for (const file of input.files) {
        const mode = modes.get(file.path) ?? '100644';
        if (file.content === null) {
          tree.push({ path: file.path, mode, type: 'blob', sha: null });
          continue;
        }
        const { data: blob } = await this.client.request('POST /repos/{owner}/{repo}/git/blobs', {
          ...this.repo,
          content: Buffer.from(file.content, 'utf8').toString('base64'),
          encoding: 'base64',
        });
        tree.push({ path: file.path, mode, type: 'blob', sha: blob.sha });
      }
      const { data: newTree } = await this.client.request('POST /repos/{owner}/{repo}/git/trees', {
        ...this.repo,
        base_tree: base.tree.sha,
        tree,
      });
      // An apply that stopped after the branch was written (before its pull request) resumes on it: the same tree
      // has the same sha. A branch of that name holding anything else is never moved.
      const existing = await this.readBranchCommit(input.branch);
      if (existing !== undefined) {
        if (existing.treeSha === newTree.sha && existing.parents.includes(input.baseSha)) return { commitSha: existing.sha };
        throw new NanodexError('branch-exists', `branch ${input.branch} already exists with other content`, {
          hint: `delete the branch ${input.branch} to apply the proposal again`,
        });
      }
      const { data: commit } = await this.client.request('POST /repos/{owner}/{repo}/git/commits', {
        ...this.repo,
        message: await redactSecrets(input.message),
        tree: newTree.sha,
        parents: [input.baseSha],
      });
      // Created, never updated: an existing branch makes this fail (422) instead of being moved.
      await this.client.request('POST /repos/{owner}/{repo}/git/refs', {
        ...this.repo,
        ref: `refs/heads/${input.branch}`,
        sha: commit.sha,
      });
      return { commitSha: commit.sha };
    });
  }

  async openPullRequest(input: { branch: string; base: string; title: string; body: string }): Promise<{ number: number; url: string }> {
    return this.call('opening the pull request', async () => {
      const { data } = await this.client.request('POST /repos/{owner}/{repo}/pulls', {
        ...this.repo,
        title: await redactSecrets(input.title),
        body: await redactSecrets(input.body),
        head: input.branch,
        base: input.base,
        maintainer_can_modify: true,
      });
      return { number: data.number, url: data.html_url };
    });
  }

  private async readBranchCommit(branch: string): Promise<{ sha: string; treeSha: string; parents: string[] } | undefined> {
    try {
      const { data: ref } = await this.client.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { ...this.repo, ref: `heads/${branch}` });
      const { data: commit } = await this.client.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
        ...this.repo,
        commit_sha: ref.object.sha,
      });
      return { sha: commit.sha, treeSha: commit.tree.sha, parents: commit.parents.map((p) => p.sha) };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  /** The executable bit of the files being written, from the base tree (a patched script stays executable). */
  private async readModes(treeSha: string, paths: string[]): Promise<Map<string, '100644' | '100755'>> {
    const { data } = await this.client.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      ...this.repo,
      tree_sha: treeSha,
      recursive: 'true',
    });
    const wanted = new Set(paths);
    const modes = new Map<string, '100644' | '100755'>();
    for (const entry of data.tree) {
      if (entry.path === undefined || !wanted.has(entry.path)) continue;
      if (entry.mode === '100755') modes.set(entry.path, '100755');
      else if (entry.mode !== '100644') {
        // A symlink (120000) or a submodule (160000) is not a file to overwrite with text.
        throw new NanodexError('not-a-file', `${entry.path} is not a regular file (git mode ${entry.mode ?? '?'})`, {
          hint: 'apply the change to it by hand',
        });
      }
    }
    return modes;
  }

  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toNanodexError(error, {
        what: `${what} in ${this.repo.owner}/${this.repo.repo}`,
        notFoundCode: 'repo-not-found',
        clock: systemClock,
        forbiddenHint: WRITE_HINT,
      });
    }
  }
}
