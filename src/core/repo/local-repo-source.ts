import { createHash } from '../runtime/create-hash.js';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NanodexError } from '../errors.js';
import type { HashCache, LineRange, RepoFile, RepoListing, RepoSource, SkippedFile } from '../ports.js';
import { gitBlobSha } from './git-blob-sha.js';
import { readGitListing, type GitListing } from './git-listing.js';
import { isInside, parseRepoPath, resolveInsideRoot } from './repo-path.js';
import { DEFAULT_MAX_FILE_BYTES, findPathSkipReason } from './skip-rules.js';
import { walkDirectory } from './walk-directory.js';

/**
 * Part of every listing fingerprint: bump it when a change to the path rules
 * (skip-rules.ts) or to this listing should make an unchanged tree be listed
 * again.
 */
const LISTING_RULES_VERSION = 1;

export interface LocalRepoSourceOptions {
  maxFileBytes?: number;
}

/**
 * A RepoSource over a folder on this machine: a git checkout (git's listing,
 * .gitignore and blob shas) or a plain directory (walked, .gitignore honoured,
 * hashed the way git hashes).
 */
export class LocalRepoSource implements RepoSource {
  readonly id: string;
  readonly root: string;
  private readonly maxFileBytes: number;

  constructor(root: string, options: LocalRepoSourceOptions = {}) {
    let real: string;
    try {
      real = realpathSync(root);
    } catch (error) {
      throw new NanodexError('repo-not-found', `repository folder ${root} does not exist`, {
        hint: 'pass --repo with the path of a local checkout or folder',
        cause: error,
      });
    }
    if (!statSync(real).isDirectory()) {
      throw new NanodexError('repo-not-found', `repository path ${root} is not a folder`, {
        hint: 'pass --repo with the path of a local checkout or folder',
      });
    }
    this.root = real;
    this.id = real;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  async listFiles(options: { hashCache?: HashCache; paths?: string[]; unchangedSince?: string } = {}): Promise<RepoListing> {
    const files: RepoFile[] = [];
    const skipped: SkippedFile[] = [];
    const candidates: { path: string; knownSha?: string }[] = [];
    const git = options.paths ? undefined : await readGitListing(this.root);
    const fingerprint = git === undefined ? undefined : this.fingerprintOf(git);
    if (fingerprint !== undefined && fingerprint === options.unchangedSince) {
      // The same blobs at the same paths, the same changed files: the last listing stands, nothing is statted or read.
      return { files, skipped, headSha: git?.headSha, fingerprint, unchanged: true };
    }
    if (options.paths) {
      for (const p of options.paths) {
        const relative = parseRepoPath(p);
        if (!isInside(this.root, realpathOrSelf(path.join(this.root, relative)))) skipped.push({ path: relative, reason: 'symlink' });
        else candidates.push({ path: relative });
      }
    } else if (git) {
      const { clean, dirty, symlinks } = git.readFiles();
      for (const [file, sha] of clean) candidates.push({ path: file, knownSha: sha });
      for (const file of dirty) candidates.push({ path: file });
      for (const file of symlinks) skipped.push({ path: file, reason: 'symlink' });
    } else {
      const walked = walkDirectory(this.root);
      skipped.push(...walked.skipped);
      for (const entry of walked.entries) {
        if (entry.kind === 'symlink') skipped.push({ path: entry.path, reason: 'symlink' });
        else candidates.push({ path: entry.path });
      }
    }
    for (const candidate of candidates) {
      const reason = findPathSkipReason(candidate.path);
      if (reason) {
        skipped.push({ path: candidate.path, reason });
        continue;
      }
      // git says the work tree matches this blob, and the index holds the same blob: nothing to stat or read.
      const known = candidate.knownSha === undefined ? undefined : options.hashCache?.(candidate.path);
      if (known !== undefined && known.blobSha === candidate.knownSha && known.size <= this.maxFileBytes) {
        files.push({ path: candidate.path, size: known.size, blobSha: known.blobSha, mtimeMs: known.mtimeMs });
        continue;
      }
      const absolute = path.join(this.root, candidate.path);
      let stat;
      try {
        stat = lstatSync(absolute);
      } catch {
        continue; // deleted between listing and stat
      }
      if (stat.isSymbolicLink()) {
        skipped.push({ path: candidate.path, reason: 'symlink' });
        continue;
      }
      if (!stat.isFile()) continue;
      if (stat.size > this.maxFileBytes) {
        skipped.push({ path: candidate.path, reason: 'too-large' });
        continue;
      }
      const blobSha = candidate.knownSha ?? this.hashFile(candidate.path, absolute, stat, options.hashCache);
      if (blobSha === undefined) continue;
      files.push({ path: candidate.path, size: stat.size, blobSha, mtimeMs: stat.mtimeMs });
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files, skipped, headSha: git?.headSha, fingerprint };
  }

  async readFile(file: string): Promise<string> {
    const { relative, absolute } = resolveInsideRoot(this.root, file);
    const reason = findPathSkipReason(relative);
    if (reason === 'secret') {
      throw new NanodexError('file-refused', `${relative} looks like a secret and is never read`, {
        hint: 'nanodex does not read .env files, keys, certificates or credential files',
      });
    }
    try {
      return await readFile(absolute, 'utf8');
    } catch (error) {
      throw new NanodexError('file-unreadable', `cannot read ${relative}`, { cause: error });
    }
  }

  async readRange(file: string, range: LineRange): Promise<string> {
    const text = await this.readFile(file);
    const lines = text.split('\n');
    const start = Math.max(1, range.startLine);
    const end = Math.min(lines.length, range.endLine);
    return lines.slice(start - 1, end).join('\n');
  }

  /**
   * git's answer, the size and mtime of each file git does not vouch for
   * (changed or untracked: an edit to one changes its stat), the size cap and
   * the rules' version. Stat changes of clean files are git's to notice.
   */
  private fingerprintOf(git: GitListing): string {
    const hash = createHash('sha1').update(`${LISTING_RULES_VERSION}\0${this.maxFileBytes}\0${git.answerHash}`);
    for (const file of git.unvouched) {
      try {
        const stat = lstatSync(path.join(this.root, file));
        hash.update(`\0${file}\0${stat.size}\0${stat.mtimeMs}\0${stat.mode}`);
      } catch {
        hash.update(`\0${file}\0gone`);
      }
    }
    return hash.digest('hex');
  }

  private hashFile(
    file: string,
    absolute: string,
    stat: { size: number; mtimeMs: number },
    hashCache: HashCache | undefined,
  ): string | undefined {
    const cached = hashCache?.(file);
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.blobSha;
    try {
      return gitBlobSha(readFileSync(absolute));
    } catch {
      return undefined; // vanished or unreadable: left out of this listing
    }
  }
}

function realpathOrSelf(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    return absolute; // not there (deleted): nothing to follow
  }
}
