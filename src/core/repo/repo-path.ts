import { realpathSync } from 'node:fs';
import path from 'node:path';
import { PathRejectedError } from '../errors.js';

/** Longest repo-relative path accepted; well past any real tree (git's own limit is PATH_MAX). */
const MAX_PATH_LENGTH = 4096;

/**
 * The one path rule set of nanodex: every path that comes from outside (a
 * model, a comment, a CLI flag, a tree listing) passes here before it is used.
 * Returns the normalised repo-relative POSIX path, or throws
 * PathRejectedError naming the rule that was broken.
 */
export function parseRepoPath(input: unknown): string {
  if (typeof input !== 'string') throw new PathRejectedError(String(input), 'not a string');
  if (input.length === 0) throw new PathRejectedError(input, 'empty path');
  if (input.length > MAX_PATH_LENGTH) {
    throw new PathRejectedError(input.slice(0, 80) + '…', `longer than ${MAX_PATH_LENGTH} characters`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
  if (/[\u0000-\u001f\u007f]/.test(input)) {
    throw new PathRejectedError(input, 'contains NUL or control characters');
  }
  const slashed = input.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    throw new PathRejectedError(input, 'absolute path');
  }
  const segments = slashed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new PathRejectedError(input, 'contains a ".." segment');
  if (segments.length === 0) throw new PathRejectedError(input, 'names the repository root, not a file');
  return segments.join('/');
}

/** Like parseRepoPath, but answers instead of throwing. */
export function isValidRepoPath(input: unknown): boolean {
  try {
    parseRepoPath(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves a repo-relative path to an absolute one under `root` (which must
 * already be a real path), following symlinks: a link whose target leaves the
 * root is refused. A path that does not exist yet is checked lexically.
 */
export function resolveInsideRoot(root: string, input: unknown): { relative: string; absolute: string } {
  const relative = parseRepoPath(input);
  const absolute = path.join(root, ...relative.split('/'));
  if (!isInside(root, absolute)) throw new PathRejectedError(relative, 'resolves outside the repository root');
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    if (isNotFound(error)) return { relative, absolute };
    throw error;
  }
  if (!isInside(root, real)) {
    throw new PathRejectedError(relative, 'is a symlink that leaves the repository root', 'nanodex reads only files inside the repository');
  }
  return { relative, absolute: real };
}

export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
