import { hostname } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { acquireIndexWriteLock, type IndexWriteLock } from '../../src/core/code-index/index-write-lock.js';
import { chainRepoFiles } from '../helpers/chain-repo.js';
import { captureIo } from '../helpers/cli-io.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** Big enough that one index run lasts a second or two here, so two started together overlap. */
const FILES = 400;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setUp() {
  const repo = makeTempRepo(chainRepoFiles(FILES));
  const indexFile = path.join(makeTempDir(), 'index.sqlite');
  const args = ['--repo', repo, '--index', indexFile];
  const run = async (...rest: string[]) => {
    const io = captureIo({ cwd: repo });
    const code = await runCli([...rest, ...args], io);
    return { code, out: io.out(), err: io.err() };
  };
  return { repo, indexFile, args, run };
}

async function holdLock(indexFile: string): Promise<IndexWriteLock> {
  const lock = await acquireIndexWriteLock(indexFile, { waitMs: 0 });
  cleanups.push(() => lock.release());
  return lock;
}

/** The index is whole and consistent: every file once, every edge, nothing pending, the build marked complete. */
async function expectWholeIndex(run: ReturnType<typeof setUp>['run']): Promise<void> {
  const stats = await run('stats', '--json');
  expect(stats.code).toBe(EXIT.ok);
  expect(JSON.parse(stats.out)).toMatchObject({
    files: FILES,
    pendingEdges: 0,
    edges: { import: FILES, call: FILES },
    state: { complete: true },
  });
}

describe('two nanodex processes writing one index', () => {
  it('both exit 0 when started together, and leave one whole index', async () => {
    const { args, run } = setUp();
    const first = spawnCli(['index', '--json', '--workers', '0', ...args]);
    const second = spawnCli(['index', '--json', '--workers', '0', ...args]);
    const results = await Promise.all([first.done, second.done]);
    for (const r of results)
      expect({ code: r.code, signal: r.signal, stderr: r.stderr.replace(/^nanodex: another.*\n/, '') }).toEqual({
        code: 0,
        signal: null,
        stderr: '',
      });
    // One built it; the other, let in after it, found every file already there.
    const added = results.map((r) => (JSON.parse(r.stdout) as { added: number }).added).sort((a, b) => a - b);
    expect(added).toEqual([0, FILES]);
    await expectWholeIndex(run);
  });

  it('makes the second wait, says so on stderr, and lets it go on when the first is done', async () => {
    const { indexFile, args, run } = setUp();
    const lock = await holdLock(indexFile);
    const writers = [0, 1].map(() => spawnCli(['index', '--json', '--workers', '0', ...args]));
    // Both are really waiting on the lock before it is let go.
    await Promise.all(writers.map((w) => w.stderrContains('nanodex: another nanodex process is writing this index')));
    lock.release();
    const results = await Promise.all(writers.map((w) => w.done));
    for (const r of results) {
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^nanodex: another nanodex process is writing this index; waiting up to 600 s for it to finish\n$/);
      expect((JSON.parse(r.stdout) as { lockWaitedMs: number }).lockWaitedMs).toBeGreaterThan(0);
    }
    await expectWholeIndex(run);
  });

  it('gives up after --lock-wait with exit 3, saying who is writing and how to wait longer', async () => {
    const { indexFile, run } = setUp();
    const writer = await IndexStore.openWriter(indexFile); // records itself as the holder
    cleanups.push(() => writer.close());
    const result = await run('index', '--lock-wait', '1');
    const holder = `pid ${process.pid} on ${hostname()}`;
    expect(result.code).toBe(EXIT.failed);
    expect(result.err).toContain(
      `nanodex: another nanodex process is writing this index (${holder}); waiting up to 1 s for it to finish\n`,
    );
    expect(result.err).toMatch(
      new RegExp(`gave up after 1\\.\\d s waiting for another nanodex process to finish writing the index ${indexFile} \\(${holder}\\)\\n`),
    );
    expect(result.err).toContain('fix: wait for that process to finish and run again, or allow a longer wait with --lock-wait SECONDS');
  });
});

describe('a reader while a writer is busy', () => {
  it('find answers at once from the last whole index, even mid-transaction', async () => {
    const { indexFile, args, run } = setUp();
    expect((await run('index', '--workers', '0')).code).toBe(EXIT.ok);
    await holdLock(indexFile);
    // A writer halfway through a batch: its write transaction stays open until the test ends, so a
    // reader that needed any write lock would fail with SQLITE_BUSY after its 5 s busy timeout.
    const writer = new Database(indexFile);
    cleanups.push(() => writer.close());
    writer.exec("BEGIN IMMEDIATE; DELETE FROM symbols WHERE name = 'f7'");

    const find = await spawnCli(['find', 'f7', ...args]).done;
    // It reads the last committed state: the uncommitted delete is not seen, and nothing is said about waiting.
    expect({ code: find.code, stdout: find.stdout, stderr: find.stderr }).toEqual({
      code: 0,
      stdout: 'src/m7.ts:2-4  function f7\n    export function f7(n: number): number\n',
      stderr: '',
    });
  });
});
