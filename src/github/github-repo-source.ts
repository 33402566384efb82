import { z } from 'zod';
import {
  DEFAULT_MAX_FILE_BYTES,
  findPathSkipReason,
  NanodexError,
  parseRepoPath,
  systemClock,
  type Clock,
  type LineRange,
  type RemoteRepoFiles,
  type RepoListing,
  type RepoSource,
} from '../core/index.js';
import { BlobCache } from './blob-cache.js';
import type { FetchKind } from './byte-meter.js';
import { extractTarball, type ExtractedTarball } from './extract-tarball.js';
import { GitHubApi } from './github-api.js';
import type { GitHubClient } from './github-client.js';
import { readGitTree, type GitTreeEntry } from './read-git-tree.js';
import { readRepoMetadata, type GitHubRepoMetadata } from './read-repo-metadata.js';
import { resolveRefAndScope } from './resolve-ref-and-scope.js';
import { searchLines, type LineMatch } from './search-lines.js';
import { toRepoListing } from './to-repo-listing.js';

export interface GitHubRepoSourceOptions {
  owner: string;
  repo: string;
  /** Branch, tag or commit sha; the default branch when absent. */
  ref?: string;
  /** Repo-relative folder (or file) to stay inside; paths stay repo-relative. */
  scope?: string;
  maxFileBytes?: number;
  clock?: Clock;
}

/** Decoded blobs kept in memory; past this the oldest are dropped (and refetched, uncharged, if asked again). */
const BLOB_CACHE_BYTES = 32 * 1024 * 1024;

const blobResponse = z.object({ content: z.string(), encoding: z.string() });

/**
 * A RepoSource over the GitHub API: metadata, the git tree of one commit,
 * blobs by sha (each fetched once, cached, charged once), and the tarball for
 * a full index (with listFiles and readBlob, the RemoteRepoFiles an index
 * lifecycle refreshes from). The client is built by the front and passed in.
 */
export class GitHubRepoSource implements RepoSource, RemoteRepoFiles {
  private readonly api: GitHubApi;
  private readonly maxFileBytes: number;
  private ref: string | undefined;
  private scope: string | undefined;
  private metadata: Promise<GitHubRepoMetadata> | undefined;
  private tree: Promise<Map<string, GitTreeEntry>> | undefined;
  private readonly blobs = new BlobCache(BLOB_CACHE_BYTES);

  constructor(octokit: GitHubClient, options: GitHubRepoSourceOptions) {
    this.api = new GitHubApi(octokit, { owner: options.owner, repo: options.repo }, options.clock ?? systemClock);
    this.ref = options.ref;
    this.scope = options.scope === undefined ? undefined : parseRepoPath(options.scope);
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  /** A scoped listing is a different set of files: it gets its own index rather than pruning the whole one. */
  get id(): string {
    return `github.com/${this.api.label}${this.scope ? `:${this.scope}` : ''}`;
  }

  /** Response bytes read from GitHub so far, all kinds together. */
  get bytesFetched(): number {
    return this.api.meter.total;
  }

  get bytesByKind(): Readonly<Record<FetchKind, number>> {
    return this.api.meter.byKind;
  }

  get currentRef(): { ref: string | undefined; scope: string | undefined } {
    return { ref: this.ref, scope: this.scope };
  }

  readMetadata(): Promise<GitHubRepoMetadata> {
    this.metadata ??= readRepoMetadata(this.api, this.ref).catch((error: unknown) => {
      this.metadata = undefined;
      throw error;
    });
    return this.metadata;
  }

  /** See resolveRefAndScope.ts. Call before listing; it resets what was read for the old split. */
  async resolveRefAndScope(): Promise<{ ref: string | undefined; scope: string | undefined }> {
    if (this.ref === undefined) return this.currentRef;
    const resolved = await resolveRefAndScope(this.api, { ref: this.ref, scope: this.scope });
    if (resolved.ref !== this.ref) {
      this.ref = resolved.ref;
      this.scope = resolved.scope === '' ? undefined : resolved.scope;
      this.metadata = undefined;
      this.tree = undefined;
    }
    return this.currentRef;
  }

  /** No hash cache is needed: blob shas come with the tree. */
  async listFiles(options: { paths?: string[] } = {}): Promise<RepoListing> {
    const [tree, metadata] = await Promise.all([this.readTree(), this.readMetadata()]);
    return toRepoListing([...tree.values()], { maxFileBytes: this.maxFileBytes, headSha: metadata.headSha, paths: options.paths });
  }

  async readFile(file: string): Promise<string> {
    const relative = parseRepoPath(file);
    if (findPathSkipReason(relative) === 'secret') {
      throw new NanodexError('file-refused', `${relative} looks like a secret and is never read`, {
        hint: 'nanodex does not read .env files, keys, certificates or credential files',
      });
    }
    const entry = await this.getEntry(relative);
    const bytes = await this.readBlob({ path: entry.path, blobSha: entry.sha });
    if (bytes.includes(0)) {
      throw new NanodexError('file-binary', `${relative} is a binary file (it contains NUL bytes) and is not read as text`);
    }
    return bytes.toString('utf8');
  }

  async readRange(file: string, range: LineRange): Promise<string> {
    const lines = (await this.readFile(file)).split('\n');
    return lines.slice(Math.max(1, range.startLine) - 1, Math.min(lines.length, range.endLine)).join('\n');
  }

  async searchInFile(file: string, query: string, maxMatches: number): Promise<LineMatch[]> {
    return searchLines(await this.readFile(file), query, { maxMatches });
  }

  /** The commit's tarball, unpacked into destDir (see extractTarball); index it with LocalRepoSource. */
  async downloadTarball(destDir: string, options: { maxBytes: number; maxExtractedBytes?: number }): Promise<ExtractedTarball> {
    const what = `downloading the tarball of ${this.label}`;
    const openBody = async () => {
      const { headSha } = await this.readMetadata();
      // GitHub answers 302 to codeload.github.com; fetch follows it and drops the Authorization header (other origin).
      return this.api.stream({ kind: 'tarball', route: 'GET /repos/{owner}/{repo}/tarball/{ref}', params: { ref: headSha }, what });
    };
    try {
      return await extractTarball(openBody, destDir, {
        ...options,
        maxFileBytes: this.maxFileBytes,
        onBytes: (n) => this.api.meter.add('tarball', n),
        label: this.label,
      });
    } catch (error) {
      throw this.api.translate(error, { what });
    }
  }

  private get label(): string {
    return `${this.api.label}@${this.ref ?? '(default branch)'}`;
  }

  private readTree(): Promise<Map<string, GitTreeEntry>> {
    this.tree ??= this.readMetadata()
      .then(({ headSha }) => readGitTree(this.api, headSha, { scope: this.scope, label: this.label }))
      .then((entries) => new Map(entries.map((e) => [e.path, e])))
      .catch((error: unknown) => {
        this.tree = undefined;
        throw error;
      });
    return this.tree;
  }

  private async getEntry(relative: string): Promise<GitTreeEntry> {
    const entry = (await this.readTree()).get(relative);
    const where = `${this.label}${this.scope ? ` (scope ${this.scope})` : ''}`;
    if (entry === undefined) {
      throw new NanodexError('file-not-found', `${relative} is not a file in ${where}`, {
        hint: 'use a path from the repository listing',
      });
    }
    if (entry.type === 'commit' || entry.mode === '120000') {
      throw new NanodexError(
        'file-refused',
        `${relative} is a ${entry.type === 'commit' ? 'submodule' : 'symlink'} in ${where} and is not followed`,
      );
    }
    if ((entry.size ?? 0) > this.maxFileBytes) {
      throw new NanodexError('file-too-large', `${relative} is ${entry.size} bytes, over the ${this.maxFileBytes}-byte cap`, {
        hint: 'read a smaller file, or raise maxFileBytes',
      });
    }
    return entry;
  }

  /** One blob's bytes (fetched once, cached, charged once); `path` is for messages. */
  readBlob(file: { path: string; blobSha: string }): Promise<Buffer> {
    return this.blobs.get(file.blobSha, async (charge) => {
      const body = await this.api.json({
        kind: 'blob',
        route: 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
        params: { file_sha: file.blobSha },
        what: `reading ${file.path} from ${this.label}`,
        notFoundCode: 'file-not-found',
        charge,
      });
      const parsed = blobResponse.safeParse(body);
      if (!parsed.success) {
        throw new NanodexError('github-request-failed', `GitHub sent a blob of an unexpected shape for ${file.path}`, {
          cause: parsed.error,
        });
      }
      return Buffer.from(parsed.data.content, parsed.data.encoding === 'base64' ? 'base64' : 'utf8');
    });
  }
}
