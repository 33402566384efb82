import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
let loaded: typeof BetterSqlite3 | undefined;

/**
 * better-sqlite3 (CommonJS with a native addon), required on first use, so a
 * module that may touch the index costs nothing to import: `nanodex --version`
 * and `--help` load no SQLite.
 */
export function loadSqlite(): typeof BetterSqlite3 {
  loaded ??= require('better-sqlite3') as typeof BetterSqlite3;
  return loaded;
}
