import type { IndexStore } from './index-store.js';
import { endsWithSegments, nearestFirst, type PathLookup } from './resolve-imports.js';

/**
 * Path lookups answered by the files table, for resolving a handful of
 * imports (an edited file) without loading every path of a big repository.
 * LIKE narrows the candidates; the segment check in JS decides (LIKE treats
 * `_` as a wildcard and ignores case).
 */
export class SqlPathLookup implements PathLookup {
  constructor(private readonly store: IndexStore) {}

  has(p: string): boolean {
    return this.store.statement('SELECT 1 FROM files WHERE path = ?').get(p) !== undefined;
  }

  filesIn(dir: string): string[] {
    return this.store
      .statement('SELECT f.path FROM folders d JOIN files f ON f.dir_id = d.id WHERE d.path = ? ORDER BY f.path')
      .pluck()
      .all(dir) as string[];
  }

  withSuffix(suffix: string, from: string): string[] {
    // Through the folders (hundreds, where files are tens of thousands): each folder whose path ends with the
    // suffix's own folder is asked for the file by its full path, one lookup in the path index.
    const slash = suffix.lastIndexOf('/');
    const dir = slash < 0 ? undefined : suffix.slice(0, slash);
    const rows = this.store
      .statement(
        `SELECT f.path FROM folders d JOIN files f ON f.path = (CASE d.path WHEN '' THEN @base ELSE d.path || '/' || @base END)
         WHERE ${dir === undefined ? '1' : `d.path = @dir OR d.path LIKE '%/' || @dir`}`,
      )
      .pluck()
      .all(dir === undefined ? { base: suffix } : { base: suffix.slice(slash + 1), dir }) as string[];
    // In path order, as a scan of the path index gives them (PathCatalog's order): ties in nearestFirst break alike.
    return nearestFirst(
      rows.filter((p) => endsWithSegments(p, suffix)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      from,
    );
  }

  dirsWithSuffix(suffix: string): string[] {
    const rows = this.store
      .statement(
        `SELECT d.path FROM folders d WHERE (d.path = @suffix OR d.path LIKE '%/' || @suffix)
         AND EXISTS (SELECT 1 FROM files f WHERE f.dir_id = d.id)`,
      )
      .pluck()
      .all({ suffix }) as string[];
    return rows.filter((d) => endsWithSegments(d, suffix));
  }
}
