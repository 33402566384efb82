import type { IndexStore } from './index-store.js';
import { GO_MODULES_META_KEY, parseGoModulesMeta } from './read-go-modules.js';
import { PACKAGE_MAINS_META_KEY, parsePackageMainsMeta } from './read-package-mains.js';
import { resolveImport } from './resolve-imports.js';
import { SqlPathLookup } from './sql-path-lookup.js';
import { toKindCode } from './stored-kinds.js';

/** One import of a file with the names it binds: the module's name (`default`, `*`, `X`) and the file's own for it. */
export interface ImportBinding {
  /** The files it resolves to in this repository; empty for a package from outside (`node:timers/promises`). */
  targets: string[];
  names: { name: string; local: string }[];
}

/**
 * A file's imports whose names the index keeps (read-import-names.ts), each
 * resolved again as the link step resolves it: the edges keep which file
 * imports which, not which statement reaches which file. A handful of
 * statements per file, each a few path lookups.
 */
export function readImportBindings(store: IndexStore, path: string): ImportBinding[] {
  const rows = store
    .statement(
      `SELECT i.source, i.names, f.language FROM imports i JOIN files f ON f.id = i.file_id
       WHERE f.path = ? AND i.kind = ${toKindCode('import', 'import')} AND i.names IS NOT NULL ORDER BY i.ord`,
    )
    .all(path) as { source: string; names: string; language: string }[];
  if (rows.length === 0) return [];
  const lookup = new SqlPathLookup(store);
  const context = {
    goModules: parseGoModulesMeta(store.getMeta(GO_MODULES_META_KEY)),
    packageMains: parsePackageMainsMeta(store.getMeta(PACKAGE_MAINS_META_KEY)),
  };
  return rows.map((row) => ({
    targets: resolveImport(row.source, path, row.language, 'import', lookup, context).filter((t) => t !== path),
    names: row.names
      .split(' ')
      .filter((n) => n !== '')
      .map((n) => {
        const [name, local] = n.split(':');
        return { name: name!, local: local ?? name! };
      }),
  }));
}
