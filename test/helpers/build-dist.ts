import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const TSC = path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
/** A build under load took 208 s here (2 cores, load 18): waiting for another process's build allows more. */
const BUILD_WAIT_MS = 600_000;

/** True when `dist/<entry>` is missing or any source is newer than it. */
export function isDistStale(entry = 'src/cli/main.js'): boolean {
  const built = path.join(PROJECT_ROOT, 'dist', entry);
  return !existsSync(built) || newestSource() > statSync(built).mtimeMs;
}

/**
 * Builds `dist/` when it is stale, without blocking: the globalSetup of the
 * tests that start the shipped entries (test/setup/build-dist.ts) calls it
 * once, before any test runs, so no test or hook pays for a build.
 */
export async function buildDistIfStale(): Promise<void> {
  if (!isDistStale()) return;
  await promisify(execFile)(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 });
}

/**
 * The shipped JavaScript (`dist/`), built now when any source is newer than
 * it. `npm test` builds first and vitest's globalSetup builds a stale one
 * before the tests start, so this only checks; it builds when sources change
 * during a run (watch mode).
 */
export function ensureBuilt(entry: string): string {
  const built = path.join(PROJECT_ROOT, 'dist', entry);
  if (!isDistStale(entry)) return built;
  // Test files run in parallel processes: one builds, the others wait for it.
  const lock = path.join(PROJECT_ROOT, 'dist.building');
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || waited > BUILD_WAIT_MS) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (isDistStale(entry)) execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
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
