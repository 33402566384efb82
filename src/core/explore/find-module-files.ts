import type { ListedFile } from '../code-index/code-index.js';

/**
 * The files a dotted Python module name spells (`pkg.sub.mod` -> `pkg/sub/mod.py` or `pkg/sub/mod/__init__.py`),
 * under any folder (`src/pkg/...`).
 */
export function findModuleFiles(module: string, files: ListedFile[]): ListedFile[] {
  const tail = module.replace(/\./g, '/');
  const names = [`${tail}.py`, `${tail}/__init__.py`];
  return files.filter((file) => names.some((n) => file.path === n || file.path.endsWith(`/${n}`)));
}

/**
 * The names a report's code binds to modules outside the tree (`import pickle`, `import numpy as np`): a dotted name
 * they head (`pickle.loads`) is that library's, not a definition of the repository.
 */
export function findLibraryNames(codeLines: string[], files: ListedFile[]): Set<string> {
  const names = new Set<string>();
  for (const line of codeLines) {
    const plain = /^\s*import\s+([A-Za-z_][\w.]*)(?:\s+as\s+(\w+))?\s*$/.exec(line);
    if (plain && findModuleFiles(plain[1]!, files).length === 0) names.add(plain[2] ?? plain[1]!.split('.')[0]!);
  }
  return names;
}
