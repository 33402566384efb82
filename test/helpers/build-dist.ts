import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The shipped JavaScript (`dist/`), built now when any source is newer than
 * it. `npm test` builds first, so in CI this only checks; a single test file
 * run by hand still starts what `npm start` would.
 */
export function ensureBuilt(entry: string): string {
  const built = path.join(PROJECT_ROOT, 'dist', entry);
  const stale = (): boolean => !existsSync(built) || newestSource() > statSync(built).mtimeMs;
  if (!stale()) return built;
  // Test files run in parallel processes: one builds, the others wait for it.
  const lock = path.join(PROJECT_ROOT, 'dist.building');
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || waited > 120_000) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (stale()) {
      execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
        cwd: PROJECT_ROOT,
        stdio: 'pipe',
      });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return built;
}

function newestSource(): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(path.join(PROJECT_ROOT, 'src'));
  return newest;
}
