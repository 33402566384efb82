import type { RepoFile } from '../ports.js';

/** A package.json of the repository: its folder, its name, and the file its `main` names (a repository path). */
export interface PackageMain {
  dir: string;
  name: string | undefined;
  main: string;
}

export const PACKAGE_MAINS_META_KEY = 'package_mains';
const MAX_PACKAGE_JSON_BYTES = 256 * 1024;
const MAX_PACKAGES = 200;

/**
 * The package.json files of a listing and the entry file each names, so a
 * test's `require('../..')` (the package folder) or `require('koa')` (the
 * package's own name) resolves to `lib/application.js`, as Node resolves it.
 * Files are untrusted: size-capped, parsed as data, and a `main` that leaves
 * the package's folder is ignored. Without `main`, Node's `index.js` rule
 * (resolve-imports) applies.
 */
export async function readPackageMains(files: RepoFile[], read: (path: string) => Promise<string>): Promise<PackageMain[]> {
  const mains: PackageMain[] = [];
  for (const file of files) {
    if (mains.length >= MAX_PACKAGES) break;
    if (!(file.path === 'package.json' || file.path.endsWith('/package.json')) || file.size > MAX_PACKAGE_JSON_BYTES) continue;
    const dir = file.path === 'package.json' ? '' : file.path.slice(0, -'/package.json'.length);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await read(file.path));
    } catch {
      continue; // not JSON (a template, a fixture): no entry to resolve
    }
    if (typeof parsed !== 'object' || parsed === null) continue;
    const { name, main } = parsed as { name?: unknown; main?: unknown };
    if (typeof main !== 'string' || main.trim() === '') continue;
    const entry = normalise(dir, main.trim());
    if (entry === undefined) continue;
    mains.push({ dir, name: typeof name === 'string' && name !== '' ? name : undefined, main: entry });
  }
  return mains;
}

/** `dir` + `main` as a repository path, or undefined when it leaves the folder or is absolute. */
function normalise(dir: string, main: string): string | undefined {
  if (main.startsWith('/') || /^[A-Za-z]:/.test(main)) return undefined;
  const parts: string[] = dir === '' ? [] : dir.split('/');
  const depth = parts.length;
  for (const part of main.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length <= depth) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length > depth ? parts.join('/') : undefined;
}

export function parsePackageMainsMeta(value: string | undefined): PackageMain[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (m): m is PackageMain =>
        typeof m === 'object' && m !== null && typeof (m as PackageMain).dir === 'string' && typeof (m as PackageMain).main === 'string',
    );
  } catch {
    return [];
  }
}
