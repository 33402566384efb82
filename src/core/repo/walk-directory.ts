import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath, readIgnoreScopes, type IgnoreScope } from './folder-rules.js';
import { findPathSkipReason, type SkipReason } from './skip-rules.js';

export interface WalkEntry {
  path: string;
  kind: 'file' | 'symlink';
}

/** A folder's entry as the walk reads it. */
interface FolderEntry {
  name: string;
  kind: 'file' | 'symlink' | 'dir' | 'other';
}

/**
 * Lists a plain directory (no git) the way git would: nested .gitignore files
 * apply below their folder. Vendored and secret folders are not descended.
 * `files`: the folder's files as the caller wrote them (an unpacked
 * tarball's, every one a file): the same rules over that list, with no
 * folder read (the .gitignore files still are).
 */
export function walkDirectory(
  root: string,
  options: { files?: readonly string[] } = {},
): { entries: WalkEntry[]; skipped: { path: string; reason: SkipReason }[] } {
  const readFolder = options.files === undefined ? (dir: string) => readFolderEntries(root, dir) : toFolderReader(options.files);
  const entries: WalkEntry[] = [];
  const skipped: { path: string; reason: SkipReason }[] = [];
  const stack: { dir: string; scopes: IgnoreScope[] }[] = [{ dir: '', scopes: [] }];
  while (stack.length > 0) {
    const { dir, scopes: parentScopes } = stack.pop()!;
    const names = readFolder(dir);
    const scopes = readIgnoreScopes(
      root,
      dir,
      names.map((e) => e.name),
      parentScopes,
    );
    for (const entry of names) {
      if (entry.name === '.git') continue;
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      const isDir = entry.kind === 'dir';
      if (isIgnoredPath(scopes, rel, isDir)) continue;
      if (isDir) {
        const reason = findPathSkipReason(`${rel}/x`);
        if (reason === 'vendored' || reason === 'secret') skipped.push({ path: rel + '/', reason });
        else stack.push({ dir: rel, scopes });
      } else if (entry.kind === 'symlink' || entry.kind === 'file') {
        entries.push({ path: rel, kind: entry.kind });
      }
    }
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, skipped };
}

function readFolderEntries(root: string, dir: string): FolderEntry[] {
  try {
    return readdirSync(dir === '' ? root : path.join(root, dir), { withFileTypes: true }).map((e) => ({
      name: e.name,
      kind: e.isDirectory() ? 'dir' : e.isSymbolicLink() ? 'symlink' : e.isFile() ? 'file' : 'other',
    }));
  } catch {
    return []; // unreadable folder: nothing to list, and not worth stopping the run for
  }
}

/** Each folder's entries from a list of file paths: their folders are the paths' parents. */
function toFolderReader(files: readonly string[]): (dir: string) => FolderEntry[] {
  const folders = new Map<string, Map<string, FolderEntry['kind']>>();
  const add = (dir: string, name: string, kind: FolderEntry['kind']): boolean => {
    let entries = folders.get(dir);
    if (entries === undefined) folders.set(dir, (entries = new Map()));
    const known = entries.has(name);
    entries.set(name, kind);
    return known;
  };
  const parentOf = (item: string): string => item.slice(0, Math.max(0, item.lastIndexOf('/')));
  const nameOf = (item: string): string => item.slice(item.lastIndexOf('/') + 1);
  for (const file of files) {
    add(parentOf(file), nameOf(file), 'file');
    // Each parent folder once: a folder already named by an earlier file has its parents named too.
    let dir = parentOf(file);
    while (dir !== '' && !add(parentOf(dir), nameOf(dir), 'dir')) dir = parentOf(dir);
  }
  return (dir) => [...(folders.get(dir) ?? [])].map(([name, kind]) => ({ name, kind }));
}
