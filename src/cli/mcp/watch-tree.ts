import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath, isSkippedFolder, readIgnoreScopes, type IgnoreScope } from '../../core/index.js';

/** How often a tree that cannot be watched is checked again (each check is one cheap no-change refresh). */
export const POLL_INTERVAL_MS = 2000;

/**
 * Tells whether the working tree may have changed since the last `take()`.
 * It watches the folders the index lists, one watch each: not `.git/`, not
 * the index's own folder, not what a `.gitignore` ignores, and not the
 * folders the index's skip rules never descend (node_modules, vendor…).
 * Node's recursive watch walked all of them: in a checkout of this
 * repository (4,614 of its 5,046 folders are node_modules) it held 60,442
 * inotify watches and the first tool call took 12.9-17 s; this holds 135 and
 * the first call takes 0.5 s (2 cores under a load of 30).
 * A new folder is watched when it appears; a changed `.gitignore` re-reads
 * the rules. Where the tree cannot be watched (inotify limits, a network
 * file system), it answers "maybe" at most every POLL_INTERVAL_MS, so a
 * burst of calls pays for one check, not one each.
 */
export class TreeWatch {
  private dirty = false;
  /** Repo-relative folder -> its watch and the ignore rules of its entries. */
  private readonly folders = new Map<string, { watcher: FSWatcher; scopes: IgnoreScope[] }>();
  private polling = false;
  private lastPoll = Date.now();
  private readonly ignored: string[];

  constructor(
    private readonly root: string,
    ignoredFolders: string[] = [],
    private readonly now: () => number = Date.now,
  ) {
    this.ignored = ['.git', ...ignoredFolders.map((f) => path.relative(root, f)).filter((r) => r !== '' && !r.startsWith('..'))];
    this.watchBelow('', []);
  }

  /** Whether the file-system watch is on (else the tree is polled). */
  get watching(): boolean {
    return !this.polling;
  }

  /** True when the tree may have changed since the last call; clears the mark. */
  take(): boolean {
    if (!this.polling) {
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
    for (const { watcher } of this.folders.values()) watcher.close();
    this.folders.clear();
  }

  /** Watches `dir` and every folder below it that the index would list. */
  private watchBelow(dir: string, parentScopes: IgnoreScope[]): void {
    const stack = [{ dir, parentScopes }];
    while (stack.length > 0 && !this.polling) {
      const next = stack.pop()!;
      if (this.folders.has(next.dir)) continue;
      const absolute = path.join(this.root, next.dir);
      let entries;
      try {
        entries = readdirSync(absolute, { withFileTypes: true });
      } catch {
        continue; // gone or unreadable: nothing to watch there
      }
      const scopes = readIgnoreScopes(
        this.root,
        next.dir,
        entries.map((e) => e.name),
        next.parentScopes,
      );
      let watcher: FSWatcher;
      try {
        watcher = watch(absolute, { persistent: false }, (_event, name) => this.onChange(next.dir, name));
      } catch {
        this.fallBackToPolling();
        return;
      }
      // The root's watch failing leaves nothing to rely on: poll. A folder's failing (it was removed) drops that folder.
      watcher.on('error', () => (next.dir === '' ? this.fallBackToPolling() : this.forget(next.dir)));
      this.folders.set(next.dir, { watcher, scopes });
      for (const entry of entries) {
        const rel = join(next.dir, entry.name);
        if (entry.isDirectory() && this.isWatchable(rel, scopes)) stack.push({ dir: rel, parentScopes: scopes });
      }
    }
  }

  private onChange(dir: string, name: string | Buffer | null): void {
    if (name === null) {
      this.dirty = true;
      return;
    }
    const rel = join(dir, String(name));
    const scopes = this.folders.get(dir)?.scopes ?? [];
    if (this.isUnderIgnored(rel)) return;
    let isDir = false;
    let exists = true;
    try {
      isDir = statSync(path.join(this.root, rel)).isDirectory();
    } catch {
      exists = false;
    }
    if (isIgnoredPath(scopes, rel, isDir)) return;
    if (String(name) === '.gitignore') {
      // The rules changed: watch again with the new ones.
      this.close();
      this.watchBelow('', []);
    } else if (isDir && this.isWatchable(rel, scopes)) {
      this.watchBelow(rel, scopes);
    } else if (!exists) {
      this.forget(rel);
    }
    this.dirty = true;
  }

  private isWatchable(rel: string, scopes: IgnoreScope[]): boolean {
    return !this.isUnderIgnored(rel) && !isIgnoredPath(scopes, rel, true) && !isSkippedFolder(rel);
  }

  private isUnderIgnored(rel: string): boolean {
    return this.ignored.some((folder) => rel === folder || rel.startsWith(`${folder}/`));
  }

  /** A folder that is gone (or whose watch failed): its watch and those below it are closed; the tree may have changed. */
  private forget(dir: string): void {
    for (const [folder, { watcher }] of this.folders) {
      if (folder === dir || folder.startsWith(`${dir}/`)) {
        watcher.close();
        this.folders.delete(folder);
      }
    }
    this.dirty = true;
  }

  private fallBackToPolling(): void {
    this.close();
    this.polling = true;
    this.lastPoll = 0;
  }
}

function join(dir: string, name: string): string {
  return dir === '' ? name.replace(/\\/g, '/') : `${dir}/${name.replace(/\\/g, '/')}`;
}
