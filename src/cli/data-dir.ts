import { homedir } from 'node:os';
import path from 'node:path';

/** Where indexes live: $NANODEX_DATA_DIR, else $XDG_CACHE_HOME/nanodex, else ~/.cache/nanodex. */
export function findDataDir(env: NodeJS.ProcessEnv, flag: string | undefined): string {
  if (flag) return path.resolve(flag);
  if (env.NANODEX_DATA_DIR) return path.resolve(env.NANODEX_DATA_DIR);
  return findCacheHome(env);
}

/** nanodex's cache home: $XDG_CACHE_HOME/nanodex, else ~/.cache/nanodex (throws when there is no home directory). */
export function findCacheHome(env: NodeJS.ProcessEnv): string {
  const cache = env.XDG_CACHE_HOME ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(cache, 'nanodex');
}
