import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireIndexWriteLock, isIndexWriteLocked, type IndexWriteLock } from '../../../src/core/code-index/index-write-lock.js';
import { NanodexError } from '../../../src/core/errors.js';
import { makeTempDir } from '../../helpers/temp-repo.js';

const held: IndexWriteLock[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

async function take(indexFile: string, options: Parameters<typeof acquireIndexWriteLock>[1] = {}): Promise<IndexWriteLock> {
  const lock = await acquireIndexWriteLock(indexFile, options);
  held.push(lock);
  return lock;
}

/** A child process that takes the lock and holds it until it is killed. */
function holdInChild(indexFile: string): Promise<{ kill: () => Promise<void> }> {
  const script = fileURLToPath(new URL('../../helpers/hold-lock-child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, indexFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout.on('data', (data: Buffer) => {
      if (data.toString().includes('held'))
        resolve({
          kill: () => {
            child.kill('SIGKILL');
            return exited;
          },
        });
    });
  });
}

describe('acquireIndexWriteLock', () => {
  it('takes a free lock at once', async () => {
    const indexFile = path.join(makeTempDir(), 'index.sqlite');
    const lock = await take(indexFile);
    expect(lock.held).toBe(true);
    expect(lock.lockFile).toBe(`${indexFile}.lock`);
    expect(isIndexWriteLocked(indexFile)).toBe(true);
    lock.release();
    expect(lock.held).toBe(false);
    expect(isIndexWriteLocked(indexFile)).toBe(false);
  });

  describe('when another writer in the same process holds it', () => {
    it('waits, says so once, and takes it as soon as the other lets go', async () => {
      const indexFile = path.join(makeTempDir(), 'index.sqlite');
      const first = await take(indexFile);
      const waits: unknown[] = [];
      const second = take(indexFile, { onWait: (wait) => waits.push(wait), describeHolder: () => 'pid 1 on test' });
      setTimeout(() => first.release(), 300);
      const lock = await second;
      expect(lock.held).toBe(true);
      expect(lock.waitedMs).toBeGreaterThanOrEqual(250);
      expect(waits).toEqual([{ lockFile: `${indexFile}.lock`, waitMs: 600_000, holder: 'pid 1 on test' }]);
    });

    it('gives up after the wait limit, naming the index, the holder and how to wait longer', async () => {
      const indexFile = path.join(makeTempDir(), 'index.sqlite');
      await take(indexFile);
      const error = await take(indexFile, { waitMs: 200, raiseHint: 'pass --lock-wait', describeHolder: () => 'pid 1 on test' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NanodexError);
      expect(error).toMatchObject({ code: 'index-busy' });
      expect((error as Error).message).toMatch(
        new RegExp(
          `^gave up after 0\\.\\d s waiting for another nanodex process to finish writing the index ${indexFile} \\(pid 1 on test\\)$`,
        ),
      );
      expect((error as NanodexError).hint).toBe(
        'wait for that process to finish and run again, or pass --lock-wait; the lock is released the moment that process exits, so it is never left behind by a crash',
      );
    });
  });

  describe('when the process holding it is killed with SIGKILL', () => {
    it('is free the moment the process is gone: nothing stale to wait out', async () => {
      const indexFile = path.join(makeTempDir(), 'index.sqlite');
      const holder = await holdInChild(indexFile);
      expect(isIndexWriteLocked(indexFile)).toBe(true);
      await expect(take(indexFile, { waitMs: 0 })).rejects.toMatchObject({ code: 'index-busy' });
      await holder.kill();
      const lock = await take(indexFile, { waitMs: 0 });
      expect(lock.held).toBe(true);
    });
  });
});
