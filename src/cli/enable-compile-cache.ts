import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findCacheHome } from './data-dir.js';

/**
 * Where V8's code cache for the CLI's modules lives: beside the indexes'
 * default home, $XDG_CACHE_HOME/nanodex/compile-cache, else
 * ~/.cache/nanodex/compile-cache, else (no home directory) the system's
 * temporary folder.
 */
export function findCompileCacheDir(env: NodeJS.ProcessEnv): string {
  try {
    return path.join(findCacheHome(env), 'compile-cache');
  } catch {
    // No home directory (a service account without a passwd entry): the temporary folder serves.
    return path.join(tmpdir(), 'nanodex-compile-cache');
  }
}

/**
 * Turns on Node's on-disk compile cache (Node >= 22.1) before the CLI loads
 * its modules: each run then reads compiled code instead of parsing the
 * sources again. It is only a cache: a folder that cannot be created or
 * written (read-only home, a file in the way) leaves Node compiling as
 * before, silently; NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE keep
 * their meaning (Node reads them first).
 */
export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  try {
    module.enableCompileCache?.(findCompileCacheDir(env));
  } catch {
    // A cache must never stop the command.
  }
}
