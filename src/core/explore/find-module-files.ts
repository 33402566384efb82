import type { IndexedFile } from '../code-index/code-index.js';

/**
 * The files a dotted Python module name spells (`pkg.sub.mod` -> `pkg/sub/mod.py` or `pkg/sub/mod/__init__.py`),
 * under any folder (`src/pkg/...`).
 */
export function findModuleFiles(module: string, files: IndexedFile[]): IndexedFile[] {
  const tail = module.replace(/\./g, '/');
  const names = [`${tail}.py`, `${tail}/__init__.py`];
  return files.filter((file) => names.some((n) => file.path === n || file.path.endsWith(`/${n}`)));
}
