import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath, isSkippedFolder, readIgnoreScopes, type IgnoreScope } from '../../core/index.js';

/** How often a tree that cannot be watched is checked again (each check is one cheap no-change refresh). */
export const POLL_INTERVAL_MS = 2000;

/**
 * Past this many changed paths the whole tree is listed: a checkout or a
 * build touches many files, and one listing of everything is then as cheap
 * as looking at each (an indexing batch is 200 files: index-repository.ts).
 */
export const MAX_CHANGED_PATHS = 200;

/**
 * What changed since the last `take()`: nothing; these paths and only these
 * (files or symlinks made, changed or removed, repo-relative); or something
 * the watch cannot name, so the whole tree is to be listed.
 */
export type TreeChange = { kind: 'none' } | { kind: 'paths'; paths: string[] } | { kind: 'unknown' };

/**
 * Tells what in the working tree may have changed since the last `take()`.
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
 *
 * It names the changed files only when it can vouch that they are all that
 * changed: an event with no name, a folder made, removed or renamed (what
 * lies below it is not named), a `.gitignore` changed (every path's fate
 * may change) or more than MAX_CHANGED_PATHS paths make the change
 * `unknown`.
 */
export class TreeWatch {
  private dirty = false;
  private readonly changed = new Set<string>();
  /** False once something changed that the recorded paths do not name. */
  private vouched = true;
  /** Folders seen but not watched (ignored, vendored): removing one may remove tracked files the watch never heard of. */
  private readonly unwatched = new Set<string>();
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

  /** What may have changed since the last call; clears the record. */
  take(): TreeChange {
    if (!this.polling) {
      const change: TreeChange = !this.dirty
        ? { kind: 'none' }
        : this.vouched
          ? { kind: 'paths', paths: [...this.changed].sort() }
          : { kind: 'unknown' };
      this.dirty = false;
      this.vouched = true;
      this.changed.clear();
      return change;
    }
    const now = this.now();
    if (now - this.lastPoll < POLL_INTERVAL_MS) return { kind: 'none' };
    this.lastPoll = now;
    return { kind: 'unknown' };
  }

  /** The next `take()` answers `unknown`: an update that failed is tried again, over the whole tree, on the next call. */
  markDirty(): void {
    this.markUnknown();
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
        if (!entry.isDirectory()) continue;
        const rel = join(next.dir, entry.name);
        if (this.isWatchable(rel, scopes)) stack.push({ dir: rel, parentScopes: scopes });
        else this.unwatched.add(rel);
      }
    }
  }

  private onChange(dir: string, name: string | Buffer | null): void {
    // No name, or one with a backslash (join would read it as a separator): the path cannot be named.
    if (name === null || String(name).includes('\\')) {
      this.markUnknown();
      return;
    }
    const rel = join(dir, String(name));
    const scopes = this.folders.get(dir)?.scopes ?? [];
    if (this.isUnderIgnored(rel)) return;
    // lstat: a symlink is a path of its own (listed as a symlink, never followed), not the folder it may point to.
    let stat;
    try {
      stat = lstatSync(path.join(this.root, rel));
    } catch {
      stat = undefined;
    }
    const isDir = stat?.isDirectory() === true;
    if (stat === undefined && (this.folders.has(rel) || this.unwatched.has(rel))) {
      // A folder removed or renamed away: the files below it are not named.
      this.forget(rel);
      this.unwatched.delete(rel);
      this.markUnknown();
      return;
    }
    if (isIgnoredPath(scopes, rel, isDir)) {
      if (isDir) this.unwatched.add(rel);
      return;
    }
    if (String(name) === '.gitignore') {
      // The rules changed: watch again with the new ones; any path may now be listed or left out.
      this.close();
      this.unwatched.clear();
      this.watchBelow('', []);
      this.markUnknown();
    } else if (isDir) {
      // A folder made or renamed here (or its attributes changed): what lies below it is not named.
      if (this.isWatchable(rel, scopes)) this.watchBelow(rel, scopes);
      else this.unwatched.add(rel);
      this.markUnknown();
    } else if (this.changed.size >= MAX_CHANGED_PATHS && !this.changed.has(rel)) {
      this.markUnknown(); // held no further: the whole tree is listed anyway
    } else {
      this.changed.add(rel);
      this.dirty = true;
    }
  }

  /** Something changed that the recorded paths do not name: the next `take()` answers `unknown`. */
  private markUnknown(): void {
    this.dirty = true;
    this.vouched = false;
  }

  private isWatchable(rel: string, scopes: IgnoreScope[]): boolean {
    return !this.isUnderIgnored(rel) && !isIgnoredPath(scopes, rel, true) && !isSkippedFolder(rel);
  }

  private isUnderIgnored(rel: string): boolean {
    return this.ignored.some((folder) => rel === folder || rel.startsWith(`${folder}/`));
  }

  /** A folder that is gone (or whose watch failed): its watch and those below it are closed; what changed there is not named. */
  private forget(dir: string): void {
    for (const [folder, { watcher }] of this.folders) {
      if (folder === dir || folder.startsWith(`${dir}/`)) {
        watcher.close();
        this.folders.delete(folder);
      }
    }
    this.markUnknown();
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
