import { lstatSync, realpathSync } from 'node:fs';
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
  if (typeof input !== 'string') throw new PathRejectedError(describeNonString(input), 'not a string');
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
  // Checked again once "." segments are gone: "./c:/x" would otherwise come back as "c:/x" (found by npm run fuzz).
  if (/^[a-zA-Z]:/.test(segments[0] ?? '')) throw new PathRejectedError(input, 'absolute path');
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
 * root is refused, and so is a link loop. A path that does not exist yet is
 * judged by its nearest existing folder, since writing it would go where that
 * folder really is; a dangling link is refused (writing through it would
 * create its target, wherever that is).
 */
export function resolveInsideRoot(root: string, input: unknown): { relative: string; absolute: string } {
  const relative = parseRepoPath(input);
  const absolute = path.join(root, ...relative.split('/'));
  if (!isInside(root, absolute)) throw new PathRejectedError(relative, 'resolves outside the repository root');
  const real = findRealPath(absolute, relative);
  if (!isInside(root, real.path)) {
    throw new PathRejectedError(relative, 'is a symlink that leaves the repository root', 'nanodex reads only files inside the repository');
  }
  return { relative, absolute: real.exists ? real.path : absolute };
}

/** The real path of a file, or for a missing one the real path of its nearest existing folder with the missing rest appended. */
function findRealPath(absolute: string, relative: string): { path: string; exists: boolean } {
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      return { path: path.join(realpathSync(current), ...missing), exists: missing.length === 0 };
    } catch (error) {
      if (hasCode(error, 'ELOOP')) throw new PathRejectedError(relative, 'goes through a symlink loop');
      if (hasCode(error, 'ENAMETOOLONG')) throw new PathRejectedError(relative, 'has a name longer than the file system allows');
      if (!hasCode(error, 'ENOENT', 'ENOTDIR')) throw error;
    }
    // realpath fails, yet the entry is there: it is a link to something missing.
    if (isSymlink(current)) {
      throw new PathRejectedError(
        relative,
        'goes through a symlink whose target is missing',
        'nanodex reads only files inside the repository',
      );
    }
    if (path.dirname(current) === current) return { path: absolute, exists: false };
    missing.unshift(path.basename(current));
  }
}

export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch (error) {
    // A file used as a folder: nothing under it exists, so nothing under it is a link.
    if (hasCode(error, 'ENOTDIR')) return false;
    throw error;
  }
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

/** A value's type, not its text: an object's toString may throw (null prototype) or run to megabytes. */
function describeNonString(input: unknown): string {
  if (input === null || (typeof input !== 'object' && typeof input !== 'function')) return String(input);
  return Array.isArray(input) ? '(an array)' : `(${typeof input})`;
}
