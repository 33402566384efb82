import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { findPathSkipReason, type SkipReason } from './skip-rules.js';

interface Scope {
  /** Repo-relative folder the rules were read in ('' for the root). */
  base: string;
  rules: Ignore;
}

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
  const stack: { dir: string; scopes: Scope[] }[] = [{ dir: '', scopes: [] }];
  while (stack.length > 0) {
    const { dir, scopes: parentScopes } = stack.pop()!;
    const absolute = dir === '' ? root : path.join(root, dir);
    let names;
    try {
      names = readdirSync(absolute, { withFileTypes: true });
    } catch {
      continue; // unreadable folder: nothing to list, and not worth stopping the run for
    }
    // Read .gitignore only where the listing shows one: a failed open per folder costs more than the walk.
    const scopes = names.some((e) => e.name === '.gitignore') ? withGitignore(absolute, dir, parentScopes) : parentScopes;
    for (const entry of names) {
      if (entry.name === '.git') continue;
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      const isDir = entry.isDirectory();
      if (isIgnored(scopes, rel, isDir)) continue;
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

function withGitignore(absoluteDir: string, dir: string, parent: Scope[]): Scope[] {
  let text: string;
  try {
    text = readFileSync(path.join(absoluteDir, '.gitignore'), 'utf8');
  } catch {
    return parent;
  }
  return [...parent, { base: dir, rules: ignore().add(text) }];
}

function isIgnored(scopes: Scope[], rel: string, isDir: boolean): boolean {
  for (const scope of scopes) {
    const local = scope.base === '' ? rel : rel.slice(scope.base.length + 1);
    if (scope.rules.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}
