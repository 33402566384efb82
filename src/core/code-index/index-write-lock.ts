import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { NanodexError } from '../errors.js';
import type { Clock } from '../ports.js';
import { systemClock } from '../ports.js';
import { loadSqlite } from './load-sqlite.js';

/**
 * How long a second writer waits by default. A cold build of the 17,226-file,
 * 190 MB bench corpus takes 68 s here (bench/results/latest.json); ten
 * minutes covers a repository several times that size, and still ends a wait
 * on a writer that is stuck.
 */
export const DEFAULT_LOCK_WAIT_MS = 10 * 60_000;
/** Polls start fast (an index refresh often takes well under a second) and back off to this: the hand-off lag. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;

/** The lock beside an index: `<index file>.lock`. */
export function toIndexLockFile(indexFile: string): string {
  return `${indexFile}.lock`;
}

export interface IndexWriteLock {
  readonly lockFile: string;
  /** How long acquiring it waited for another writer, in milliseconds. */
  readonly waitedMs: number;
  readonly held: boolean;
  release(): void;
}

export interface LockWaitOptions {
  /** The longest wait for another writer before giving up (default DEFAULT_LOCK_WAIT_MS). */
  waitMs?: number;
  /** Called once, when another writer holds the lock and the wait starts. */
  onWait?: (wait: { lockFile: string; waitMs: number; holder: string | undefined }) => void;
  /** How to allow a longer wait, in the front's words (a flag, an input); ends the give-up message. */
  raiseHint?: string;
  /** Who holds the lock, for the messages (the index's build record); undefined when unknown. */
  describeHolder?: () => string | undefined;
  clock?: Clock;
}

/**
 * One writer at a time per index. The lock is SQLite's own: an EXCLUSIVE
 * transaction held open on an empty database beside the index. Why this and
 * not a lock file with a lease (proper-lockfile and the like):
 * - POSIX advisory locks belong to the process, so the kernel drops them the
 *   moment it dies, kill -9 included: no stale lock, no lease to guess;
 * - a lease is kept alive by a timer, and indexing holds the event loop for
 *   seconds at a time in synchronous SQLite work (the lookup-index build and
 *   the relink of a large tree: 7.7 s at once for 32K files, 157 MB, here);
 *   a lease that lapses meanwhile lets a second writer in, which is the bug
 *   this prevents, and a longer lease keeps a crashed writer's lock longer;
 * - SQLite already tracks these locks between connections of one process, so
 *   two jobs in one App process exclude each other too;
 * - better-sqlite3 is already here: no new dependency.
 * The cost: advisory locks on network filesystems (NFS) rely on the server's
 * lock manager. A data directory shared between machines needs the
 * distributed lease DESIGN.md §7 describes, not this.
 *
 * Waiting polls asynchronously (busy_timeout would block the event loop, and
 * an App server must keep answering webhooks meanwhile).
 */
export async function acquireIndexWriteLock(indexFile: string, options: LockWaitOptions = {}): Promise<IndexWriteLock> {
  const clock = options.clock ?? systemClock;
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const lockFile = toIndexLockFile(indexFile);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const started = clock.now();
  let poll = FIRST_POLL_MS;
  let told = false;
  // One connection for the whole wait: each poll is one exec, and leaves nothing for the garbage collector.
  const db = new (loadSqlite())(lockFile, { timeout: 0 });
  for (;;) {
    if (tryLock(db)) return heldLock(db, lockFile, clock.now() - started);
    const waited = clock.now() - started;
    if (waited >= waitMs) {
      db.close();
      const holder = options.describeHolder?.();
      throw new NanodexError(
        'index-busy',
        `gave up after ${formatSeconds(waited)} waiting for another nanodex process to finish writing the index ${indexFile}` +
          (holder === undefined ? '' : ` (${holder})`),
        {
          hint:
            `wait for that process to finish and run again${options.raiseHint ? `, or ${options.raiseHint}` : ''}; ` +
            'the lock is released the moment that process exits, so it is never left behind by a crash',
        },
      );
    }
    if (!told) {
      told = true;
      options.onWait?.({ lockFile, waitMs, holder: options.describeHolder?.() });
    }
    await sleep(Math.min(poll, waitMs - waited));
    poll = Math.min(poll * 2, MAX_POLL_MS);
  }
}

/** Whether some process (this one included) holds the index's write lock right now. */
export function isIndexWriteLocked(indexFile: string): boolean {
  const lockFile = toIndexLockFile(indexFile);
  if (!existsSync(lockFile)) return false;
  const db = new (loadSqlite())(lockFile, { timeout: 0 });
  const free = tryLock(db);
  db.close(); // ends the transaction if it began: the lock was free, and is again
  return !free;
}

/**
 * Opens the EXCLUSIVE transaction that is the lock; false while another
 * connection holds it. timeout 0 on the connection: a busy lock answers at
 * once, and the caller decides how to wait.
 */
function tryLock(db: Database.Database): boolean {
  try {
    // No journal file: nothing is ever written, the file exists only to be locked.
    db.exec('PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    db.close();
    throw error;
  }
}

function heldLock(db: Database.Database, lockFile: string, waitedMs: number): IndexWriteLock {
  return {
    lockFile,
    waitedMs,
    get held() {
      return db.open;
    },
    release() {
      if (db.open) db.close(); // closing rolls the empty transaction back and drops the lock
    },
  };
}

function isBusy(error: unknown): boolean {
  return error instanceof loadSqlite().SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
