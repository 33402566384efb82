import type { IndexStore } from './index-store.js';
import { GO_MODULES_META_KEY, parseGoModulesMeta, type GoModule } from './read-go-modules.js';
import { PACKAGE_MAINS_META_KEY, parsePackageMainsMeta, type PackageMain } from './read-package-mains.js';
import { resolveImport } from './resolve-imports.js';
import { SqlPathLookup } from './sql-path-lookup.js';
import { toKindCode } from './stored-kinds.js';

/** One import of a file with the names it binds: the module's name (`default`, `*`, `X`) and the file's own for it. */
export interface ImportBinding {
  /** The files it resolves to in this repository; empty for a package from outside (`node:timers/promises`). */
  readonly targets: string[];
  names: { name: string; local: string }[];
}

/**
 * A file's imports whose names the index keeps (read-import-names.ts), each
 * resolved again as the link step resolves it: the edges keep which file
 * imports which, not which statement reaches which file. A handful of
 * statements per file, each resolved (a few path lookups) only when asked.
 */
export function readImportBindings(store: IndexStore, path: string): ImportBinding[] {
  const rows = store
    .statement(
      `SELECT i.source, i.names, f.language FROM imports i JOIN files f ON f.id = i.file_id
       WHERE f.path = ? AND i.kind = ${toKindCode('import', 'import')} AND i.names IS NOT NULL ORDER BY i.ord`,
    )
    .all(path) as { source: string; names: string; language: string }[];
  if (rows.length === 0) return [];
  let resolver: { lookup: SqlPathLookup; context: { goModules: GoModule[]; packageMains: PackageMain[] } } | undefined;
  const resolve = (source: string, language: string) => {
    resolver ??= {
      lookup: new SqlPathLookup(store),
      context: {
        goModules: parseGoModulesMeta(store.getMeta(GO_MODULES_META_KEY)),
        packageMains: parsePackageMainsMeta(store.getMeta(PACKAGE_MAINS_META_KEY)),
      },
    };
    return resolveImport(source, path, language, 'import', resolver.lookup, resolver.context).filter((t) => t !== path);
  };
  return rows.map((row) => {
    let targets: string[] | undefined;
    return {
      // Resolved on first use: most of a test's imports bind nothing a caller asks about.
      get targets() {
        targets ??= resolve(row.source, row.language);
        return targets;
      },
      names: row.names
        .split(' ')
        .filter((n) => n !== '')
        .map((n) => {
          const [name, local] = n.split(':');
          return { name: name!, local: local ?? name! };
        }),
    };
  });
}
