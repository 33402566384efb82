import { readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { findPathSkipReason } from './skip-rules.js';

/** The rules of one `.gitignore`: they apply below the folder it sits in. */
export interface IgnoreScope {
  /** Repo-relative folder the rules were read in ('' for the root). */
  base: string;
  rules: Ignore;
}

/**
 * The scopes that apply inside `dir`: its parent's, plus its own
 * `.gitignore` when `names` (its listing) shows one. Reading only where the
 * listing shows one: a failed open per folder costs more than the walk.
 */
export function readIgnoreScopes(root: string, dir: string, names: readonly string[], parent: IgnoreScope[]): IgnoreScope[] {
  if (!names.includes('.gitignore')) return parent;
  let text: string;
  try {
    text = readFileSync(path.join(root, dir, '.gitignore'), 'utf8');
  } catch {
    return parent;
  }
  return [...parent, { base: dir, rules: ignore().add(text) }];
}

/** Whether a `.gitignore` in scope ignores `rel` (a folder when `isDir`), as git would. */
export function isIgnoredPath(scopes: readonly IgnoreScope[], rel: string, isDir: boolean): boolean {
  for (const scope of scopes) {
    const local = scope.base === '' ? rel : rel.slice(scope.base.length + 1);
    if (scope.rules.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}

/** A folder the index never lists (vendored: node_modules, vendor…; secret: .ssh, .aws…), so never walked or watched. */
export function isSkippedFolder(rel: string): boolean {
  const reason = findPathSkipReason(`${rel}/x`);
  return reason === 'vendored' || reason === 'secret';
}
