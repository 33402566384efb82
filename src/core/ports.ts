import type { SkipReason } from './repo/skip-rules.js';

/** One file the repository offers for indexing. `path` is repo-relative POSIX. */
export interface RepoFile {
  path: string;
  size: number;
  /** Git blob sha-1 of the content: git's own where it knows the file, computed the same way otherwise. */
  blobSha: string;
  mtimeMs: number;
}

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

export interface RepoListing {
  files: RepoFile[];
  /** Files left out by path rules (secrets are counted but never named past this point). */
  skipped: SkippedFile[];
  /** HEAD commit when the source is a git checkout. */
  headSha: string | undefined;
  /**
   * What the listing was made from, as one hash (git's blob shas, the stat of
   * changed and untracked files, the listing rules), when the source can
   * tell; equal fingerprints mean an equal listing.
   */
  fingerprint?: string;
  /**
   * Set when the caller passed `unchangedSince` and the fingerprint equals it:
   * `files` and `skipped` are then left empty (nothing was listed), and the
   * caller keeps what it has.
   */
  unchanged?: true;
}

/** What a listing may reuse from the last run instead of hashing a file again. */
export type HashCache = (path: string) => { size: number; mtimeMs: number; blobSha: string } | undefined;

export interface LineRange {
  startLine: number;
  endLine: number;
}

/** Where repository content comes from: a local checkout here, the GitHub API later. */
export interface RepoSource {
  /** A stable name for the repository (used to place its index). */
  readonly id: string;
  /**
   * The files of the repository, or only of `paths` when given (a push that
   * names its changed files); a named path that is gone is simply absent.
   */
  listFiles(options?: { hashCache?: HashCache; paths?: string[]; unchangedSince?: string }): Promise<RepoListing>;
  readFile(path: string): Promise<string>;
  /** 1-based inclusive lines; a range past the end is clipped. */
  readRange(path: string, range: LineRange): Promise<string>;
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface Clock {
  now(): number;
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export const systemClock: Clock = { now: () => Date.now() };

/** A file a tarball's unpacking wrote: its repo path and size in bytes. */
export interface UnpackedFile {
  path: string;
  size: number;
}

/**
 * A commit's files held elsewhere (GitHub), as the index lifecycle needs
 * them: one archive for a first build, then the tree's blob shas and single
 * blobs to bring an unpacked copy to a new commit (open-repo-index.ts).
 */
export interface RemoteRepoFiles {
  /** The commit's files with their blob shas, after the path rules. */
  listFiles(): Promise<RepoListing>;
  /**
   * Unpacks the commit into `destDir`, which appears whole or not at all; over `maxBytes` is refused. With
   * `files`, what it wrote (a first answer then lists the tree without reading its folders).
   */
  downloadTarball(destDir: string, options: { maxBytes: number }): Promise<{ files?: UnpackedFile[] } | void>;
  /** One file's bytes, by its blob sha. */
  readBlob(file: { path: string; blobSha: string }): Promise<Buffer>;
}
