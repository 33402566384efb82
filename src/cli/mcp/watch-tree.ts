import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** How often a tree that cannot be watched is checked again (each check is one cheap no-change refresh). */
export const POLL_INTERVAL_MS = 2000;

/**
 * Tells whether the working tree may have changed since the last `take()`:
 * a recursive file-system watch marks it dirty on any change outside `.git/`
 * and outside the index's own folder. Where the tree cannot be watched
 * (inotify limits, a network file system), it answers "maybe" at most every
 * POLL_INTERVAL_MS, so a burst of calls pays for one check, not one each.
 */
export class TreeWatch {
  private dirty = false;
  private watcher: FSWatcher | undefined;
  private lastPoll = Date.now();

  constructor(
    private readonly root: string,
    ignoredFolders: string[] = [],
    private readonly now: () => number = Date.now,
  ) {
    const ignored = ['.git', ...ignoredFolders.map((f) => path.relative(root, f)).filter((r) => r !== '' && !r.startsWith('..'))];
    try {
      this.watcher = watch(root, { recursive: true, persistent: false }, (_event, name) => {
        const relative = name === null ? '' : String(name).replace(/\\/g, '/');
        if (ignored.some((folder) => relative === folder || relative.startsWith(`${folder}/`))) return;
        this.dirty = true;
      });
      this.watcher.on('error', () => this.stopWatching());
    } catch {
      this.watcher = undefined;
    }
  }

  /** Whether the file-system watch is on (else the tree is polled). */
  get watching(): boolean {
    return this.watcher !== undefined;
  }

  /** True when the tree may have changed since the last call; clears the mark. */
  take(): boolean {
    if (this.watcher) {
      const was = this.dirty;
      this.dirty = false;
      return was;
    }
    const now = this.now();
    if (now - this.lastPoll < POLL_INTERVAL_MS) return false;
    this.lastPoll = now;
    return true;
  }

  /** The next `take()` answers true: an update that failed is tried again on the next call. */
  markDirty(): void {
    this.dirty = true;
    this.lastPoll = 0;
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  private stopWatching(): void {
    this.close();
    this.lastPoll = 0;
  }
}
