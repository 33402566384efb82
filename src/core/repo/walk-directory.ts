import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath, readIgnoreScopes, type IgnoreScope } from './folder-rules.js';
import { findPathSkipReason, type SkipReason } from './skip-rules.js';

export interface WalkEntry {
  path: string;
  kind: 'file' | 'symlink';
}

/**
 * Lists a plain directory (no git) the way git would: nested .gitignore files
 * apply below their folder. Vendored and secret folders are not descended.
 */
export function walkDirectory(root: string): { entries: WalkEntry[]; skipped: { path: string; reason: SkipReason }[] } {
  const entries: WalkEntry[] = [];
  const skipped: { path: string; reason: SkipReason }[] = [];
  const stack: { dir: string; scopes: IgnoreScope[] }[] = [{ dir: '', scopes: [] }];
  while (stack.length > 0) {
    const { dir, scopes: parentScopes } = stack.pop()!;
    const absolute = dir === '' ? root : path.join(root, dir);
    let names;
    try {
      names = readdirSync(absolute, { withFileTypes: true });
    } catch {
      continue; // unreadable folder: nothing to list, and not worth stopping the run for
    }
    const scopes = readIgnoreScopes(
      root,
      dir,
      names.map((e) => e.name),
      parentScopes,
    );
    for (const entry of names) {
      if (entry.name === '.git') continue;
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      const isDir = entry.isDirectory();
      if (isIgnoredPath(scopes, rel, isDir)) continue;
      if (isDir) {
        const reason = findPathSkipReason(`${rel}/x`);
        if (reason === 'vendored' || reason === 'secret') skipped.push({ path: rel + '/', reason });
        else stack.push({ dir: rel, scopes });
      } else if (entry.isSymbolicLink()) {
        entries.push({ path: rel, kind: 'symlink' });
      } else if (entry.isFile()) {
        entries.push({ path: rel, kind: 'file' });
      }
    }
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, skipped };
}
