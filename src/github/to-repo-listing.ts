import { findPathSkipReason, parseRepoPath, type RepoFile, type RepoListing, type SkippedFile } from '../core/index.js';
import type { GitTreeEntry } from './read-git-tree.js';

const SYMLINK_MODE = '120000';

/**
 * A git tree as a RepoListing, with the rules of LocalRepoSource: path skip
 * rules first (a secret is never sized or fetched), then symlinks, then the
 * size cap. Submodules are listed as skipped with reason 'vendored' (the
 * SkipReason union has no 'submodule'; a submodule is someone else's code
 * pinned by sha, which is what 'vendored' means here). Git gives no mtime:
 * `mtimeMs` is 0 and the blob sha carries the change detection.
 */
export function toRepoListing(entries: GitTreeEntry[], options: { maxFileBytes: number; headSha: string; paths?: string[] }): RepoListing {
  const wanted = options.paths ? new Set(options.paths.map((p) => parseRepoPath(p))) : undefined;
  const files: RepoFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const entry of entries) {
    if (wanted && !wanted.has(entry.path)) continue;
    const reason = findPathSkipReason(entry.path);
    if (reason) skipped.push({ path: entry.path, reason });
    else if (entry.type === 'commit') skipped.push({ path: entry.path, reason: 'vendored' });
    else if (entry.mode === SYMLINK_MODE) skipped.push({ path: entry.path, reason: 'symlink' });
    else if ((entry.size ?? 0) > options.maxFileBytes) skipped.push({ path: entry.path, reason: 'too-large' });
    else files.push({ path: entry.path, size: entry.size ?? 0, blobSha: entry.sha, mtimeMs: 0 });
  }
  return { files, skipped, headSha: options.headSha };
}
