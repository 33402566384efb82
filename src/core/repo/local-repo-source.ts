import { createHash } from '../runtime/create-hash.js';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NanodexError } from '../errors.js';
import type { HashCache, LineRange, RepoFile, RepoListing, RepoSource, SkippedFile } from '../ports.js';
import { gitBlobSha } from './git-blob-sha.js';
import { readGitListing, readGitListingAt, type GitListing, type StagedEntry, type StagedListing } from './git-listing.js';
import { isInside, parseRepoPath, resolveInsideRoot } from './repo-path.js';
import { DEFAULT_MAX_FILE_BYTES, findPathSkipReason } from './skip-rules.js';
import { walkDirectory } from './walk-directory.js';

/**
 * Part of every listing fingerprint: bump it when a change to the path rules
 * (skip-rules.ts) or to this listing should make an unchanged tree be listed
 * again.
 */
const LISTING_RULES_VERSION = 2;

/** Past this many changed paths, git's whole staged listing is read rather than these paths passed as arguments. */
const MAX_PATHS_ASKED = 500;

/** Up to this many changed paths, each indexed as a file and still changed, are classified without asking git again. */
const MAX_PATHS_FROM_INDEX = 64;

export interface LocalRepoSourceOptions {
  maxFileBytes?: number;
}

/** What the last complete listing left for the next one to compare with. */
export interface LastListing {
  fingerprint: string;
  /** LocalListing.base of that listing. */
  base: string;
  /** LocalListing.indexStamp of that listing. */
  indexStamp: string;
  /** LocalListing.unvouched of that listing. */
  unvouched: string[];
}

export interface LocalListOptions {
  hashCache?: HashCache;
  /** Only these paths are looked at (a push with a known file list). */
  paths?: string[];
  /** The fingerprint of the last listing: when it matches, nothing is listed (`unchanged`). */
  unchangedSince?: string;
  /** The last listing: when git stages what it staged then, only the paths changed then or now are looked at. */
  since?: LastListing;
}

export interface LocalListing extends RepoListing {
  /** A git checkout's staged tree and the listing rules, hashed: what a later listing compares with (LastListing.base). */
  base?: string;
  /** Which index file git read (GitListing.indexStamp) under which listing rules: the same stamp, the same base. */
  indexStamp?: string;
  /** The paths git did not vouch for (modified, deleted, untracked). */
  unvouched?: string[];
  /**
   * Set when the staged tree is the one `since` saw: only these paths were
   * looked at, and every other path lists as it did then.
   */
  changedPaths?: string[];
  /** A git checkout's staged entry for a path (a regular file, a symlink, another kind), if it has one. */
  findStaged?: (file: string) => StagedEntry | undefined;
}

interface Candidate {
  path: string;
  knownSha?: string;
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

  async listFiles(options: LocalListOptions = {}): Promise<LocalListing> {
    const files: RepoFile[] = [];
    const skipped: SkippedFile[] = [];
    const git = options.paths ? undefined : await readGitListing(this.root);
    const fingerprint = git === undefined ? undefined : this.fingerprintOf(git);
    const since = options.since;
    const unchangedSince = options.unchangedSince ?? since?.fingerprint;
    if (fingerprint !== undefined && fingerprint === unchangedSince) {
      // The same index file, the same changed files as they were: the last listing stands, nothing is statted or read.
      return { files, skipped, headSha: git?.headSha, fingerprint, unchanged: true };
    }
    let candidates: Candidate[];
    let partial: Pick<LocalListing, 'base' | 'indexStamp' | 'unvouched' | 'changedPaths' | 'findStaged'> = {};
    let headSha = git?.headSha;
    if (options.paths) {
      const relative = options.paths.map((p) => parseRepoPath(p));
      // In a git work tree each path is taken as the whole listing would take it: git's staged entry, or an untracked file no ignore rule leaves out.
      const at = await readGitListingAt(this.root, relative);
      headSha = at?.headSha;
      candidates = [];
      for (const file of relative) {
        const entry = at?.findStaged(file);
        if (!isInside(this.root, realpathOrSelf(path.join(this.root, file))) || entry?.mode === 'symlink') {
          skipped.push({ path: file, reason: 'symlink' });
        } else if (at === undefined || entry?.mode === 'file' || (entry === undefined && at.isUntracked(file))) {
          candidates.push({ path: file });
        }
        // else: a submodule, or a path git leaves out (ignored) or no longer has: not listed, so the index drops it
      }
      if (at !== undefined) partial = { indexStamp: this.stampOf(at.indexStamp), findStaged: (p) => at.findStaged(p) };
    } else if (git) {
      // The same index file as the last listing's (and the same rules): the same staged tree, asked only at the changed paths.
      const indexStamp = this.stampOf(git.indexStamp);
      const union = since?.base ? findChangedPaths(since.unvouched, git.unvouched) : undefined;
      const sameIndex = union !== undefined && union.length <= MAX_PATHS_ASKED && since?.indexStamp === indexStamp;
      const staged = sameIndex ? await readStagedAtChanged(git, union, options.hashCache) : await git.readStaged();
      const base =
        sameIndex && since !== undefined
          ? since.base
          : createHash('sha1').update(`${LISTING_RULES_VERSION}\0${this.maxFileBytes}\0${staged.hash}`).digest('hex');
      const changed = since?.base === base ? union : undefined;
      partial = { base, indexStamp, unvouched: git.unvouched, findStaged: (p) => staged.find(p) };
      if (changed) {
        // What git stages is what the last listing saw: only paths either listing found changed can differ.
        candidates = toChangedCandidates(changed, new Set(git.unvouched), staged, skipped);
        partial.changedPaths = changed;
      } else {
        const { clean, dirty, symlinks } = staged.readFiles();
        candidates = [];
        for (const [file, sha] of clean) candidates.push({ path: file, knownSha: sha });
        for (const file of dirty) candidates.push({ path: file });
        for (const file of symlinks) skipped.push({ path: file, reason: 'symlink' });
      }
    } else {
      candidates = [];
      const walked = walkDirectory(this.root);
      skipped.push(...walked.skipped);
      for (const entry of walked.entries) {
        if (entry.kind === 'symlink') skipped.push({ path: entry.path, reason: 'symlink' });
        else candidates.push({ path: entry.path });
      }
    }
    for (const candidate of candidates) this.listCandidate(candidate, { files, skipped, hashCache: options.hashCache });
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files, skipped, headSha, fingerprint, ...partial };
  }

  /** One candidate path: left out by a path rule, as a symlink or as too large, or listed with its blob sha. */
  private listCandidate(candidate: Candidate, into: { files: RepoFile[]; skipped: SkippedFile[]; hashCache: HashCache | undefined }): void {
    const reason = findPathSkipReason(candidate.path);
    if (reason) {
      into.skipped.push({ path: candidate.path, reason });
      return;
    }
    // git says the work tree matches this blob, and the index holds the same blob: nothing to stat or read.
    const known = candidate.knownSha === undefined ? undefined : into.hashCache?.(candidate.path);
    if (known !== undefined && known.blobSha === candidate.knownSha && known.size <= this.maxFileBytes) {
      into.files.push({ path: candidate.path, size: known.size, blobSha: known.blobSha, mtimeMs: known.mtimeMs });
      return;
    }
    const absolute = path.join(this.root, candidate.path);
    let stat;
    try {
      stat = lstatSync(absolute);
    } catch {
      return; // deleted between listing and stat
    }
    if (stat.isSymbolicLink()) {
      into.skipped.push({ path: candidate.path, reason: 'symlink' });
      return;
    }
    if (!stat.isFile()) return;
    if (stat.size > this.maxFileBytes) {
      into.skipped.push({ path: candidate.path, reason: 'too-large' });
      return;
    }
    const blobSha = candidate.knownSha ?? this.hashFile(candidate.path, absolute, stat, into.hashCache);
    if (blobSha === undefined) return;
    into.files.push({ path: candidate.path, size: stat.size, blobSha, mtimeMs: stat.mtimeMs });
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

  /** Which index file git read, under which listing rules (LocalListing.indexStamp). */
  private stampOf(gitIndexStamp: string): string {
    return `${LISTING_RULES_VERSION}\0${this.maxFileBytes}\0${gitIndexStamp}`;
  }

  /**
   * git's index file (while it is the same file, the same paths are staged
   * with the same blobs) and its answer of what changed, the size and mtime
   * of each file git does not vouch for (changed or untracked: an edit to one
   * changes its stat), the size cap and the rules' version. Stat changes of
   * clean files are git's to notice.
   */
  private fingerprintOf(git: GitListing): string {
    const hash = createHash('sha1').update(`${LISTING_RULES_VERSION}\0${this.maxFileBytes}\0${git.indexStamp}\0${git.unvouchedHash}`);
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

/** The paths changed in the last listing or in this one, sorted. */
function findChangedPaths(before: string[], now: string[]): string[] {
  return [...new Set([...before, ...now])].sort();
}

/**
 * git's staged entries at the changed paths of a listing whose staged tree is the last one's. When git names every
 * one of them as changed now and the index holds each as a file, git is not asked a third time: under the same
 * staged tree the last listing took each as a regular file (a staged symlink or submodule is never indexed), and a
 * changed file is hashed from the work tree, so the blob sha git would give is never read (the entry carries the
 * indexed one). A path the index does not hold (a new file, one left out) or git no longer names (an edit undone)
 * is asked of git, as are more than a few paths (each is looked up in the index, which reads every row past a few
 * hundred asks: costlier than git).
 */
async function readStagedAtChanged(git: GitListing, changed: string[], indexed: HashCache | undefined): Promise<StagedListing> {
  if (changed.length > MAX_PATHS_FROM_INDEX) return git.readStagedAt(changed);
  const unvouched = new Set(git.unvouched);
  const held = new Map<string, StagedEntry>();
  for (const file of changed) {
    const row = unvouched.has(file) ? indexed?.(file) : undefined;
    if (row === undefined) return git.readStagedAt(changed);
    held.set(file, { mode: 'file', sha: row.blobSha });
  }
  return {
    hash: '',
    find: (file) => held.get(file),
    // As git's answer at these paths reads: each a changed regular file, for the caller to hash.
    readFiles: () => ({ clean: new Map(), dirty: [...held.keys()], symlinks: [] }),
  };
}

/** The candidates among changed paths, as the full listing would take them: git's blob sha where the work tree matches it. */
function toChangedCandidates(changed: string[], unvouched: Set<string>, staged: StagedListing, skipped: SkippedFile[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const file of changed) {
    const entry = staged.find(file);
    if (entry?.mode === 'symlink') skipped.push({ path: file, reason: 'symlink' });
    else if (entry?.mode === 'file') candidates.push(unvouched.has(file) ? { path: file } : { path: file, knownSha: entry.sha });
    else if (entry === undefined && unvouched.has(file)) candidates.push({ path: file }); // untracked
    // else: a submodule, or a path gone (or now ignored) since the last listing
  }
  return candidates;
}
