import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync } from 'node:fs';
import path from 'node:path';

/** Deletes each of its arguments and exits; run detached, so nothing waits for it. */
const REMOVE = 'for (const p of process.argv.slice(1)) require("node:fs").rmSync(p, { recursive: true, force: true })';

/**
 * Removes a big tree (an installed node_modules: 16.7 s of synchronous
 * deletes on a loaded 2-core machine, past vitest's hook timeout) without
 * blocking a hook: the tree is moved into a trash folder beside it at once (a
 * rename), then a detached process deletes it while the tests go on. Returns
 * the folders that process deletes.
 */
export function removeInBackground(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const trash = mkdtempSync(path.join(path.dirname(dir), 'nanodex-trash-'));
  const doomed = [trash];
  try {
    renameSync(dir, path.join(trash, path.basename(dir)));
  } catch {
    // Busy or not ours to move: the process deletes it where it is.
    doomed.push(dir);
  }
  spawn(process.execPath, ['-e', REMOVE, ...doomed], { detached: true, stdio: 'ignore' }).unref();
  return doomed;
}
