import type { RepoFile } from '../ports.js';

/** A Go module of the repository: the folder of its go.mod and the module path it declares. */
export interface GoModule {
  dir: string;
  path: string;
}

export const GO_MODULES_META_KEY = 'go_modules';
const MAX_GO_MOD_BYTES = 256 * 1024;
const MAX_GO_MODULES = 200;
/** `module github.com/spf13/cobra` (quoted or not); the rest of go.mod is not read. */
const MODULE_LINE = /^\s*module\s+"?([A-Za-z0-9._~\-/]+)"?\s*(?:\/\/.*)?$/m;

/**
 * The go.mod files of a listing and their module paths, so an import of the
 * module (`github.com/spf13/cobra`, or `…/cobra/doc`) resolves to its folder
 * even when the repository's own folder names do not end with the path.
 * Files are untrusted: size-capped, and a module line that is not a plain
 * path is ignored.
 */
export async function readGoModules(files: RepoFile[], read: (path: string) => Promise<string>): Promise<GoModule[]> {
  const modules: GoModule[] = [];
  for (const file of files) {
    if (modules.length >= MAX_GO_MODULES) break;
    if (!(file.path === 'go.mod' || file.path.endsWith('/go.mod')) || file.size > MAX_GO_MOD_BYTES) continue;
    const text = await read(file.path).catch(() => '');
    const path = MODULE_LINE.exec(text)?.[1];
    if (!path || path.includes('..') || path.startsWith('/')) continue;
    modules.push({ dir: file.path === 'go.mod' ? '' : file.path.slice(0, -'/go.mod'.length), path: path.replace(/\/+$/, '') });
  }
  // Longest module path first: a nested module wins over the one around it.
  return modules.sort((a, b) => b.path.length - a.path.length);
}

export function parseGoModulesMeta(value: string | undefined): GoModule[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (m): m is GoModule =>
        typeof m === 'object' && m !== null && typeof (m as GoModule).dir === 'string' && typeof (m as GoModule).path === 'string',
    );
  } catch {
    return [];
  }
}
