import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-dist.js';
import { copyFixtureRepo, makeTempDir } from '../helpers/temp-repo.js';

/** One CLI run on a loaded 2-core machine: an index of the fixture took seconds at load 25. */
const SPAWN_TIMEOUT_MS = 90_000;

/** The built bin as a process, with only PATH, HOME and XDG_CACHE_HOME set (no NODE_COMPILE_CACHE from the caller). */
function nanodex(args: string[], cacheHome: string) {
  const run = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), ...args], {
    encoding: 'utf8',
    timeout: SPAWN_TIMEOUT_MS,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-'), XDG_CACHE_HOME: cacheHome },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the CLI's compile cache", () => {
  it("keeps V8's compiled code under $XDG_CACHE_HOME/nanodex/compile-cache", () => {
    const cacheHome = makeTempDir('nanodex-cache-');
    expect(nanodex(['--version'], cacheHome)).toMatchObject({ code: 0, stderr: '' });
    const entries = readdirSync(path.join(cacheHome, 'nanodex', 'compile-cache'), { recursive: true });
    expect(entries.length).toBeGreaterThan(1);
  });

  it('is read and written by the parser worker too, which a worker does not inherit by itself', () => {
    // 70 files: past the count a run parses on its own thread, so the worker starts.
    const repo = makeTempDir('nanodex-repo-');
    for (let i = 0; i < 70; i += 1) writeFileSync(path.join(repo, `m${i}.py`), `def f${i}(x):\n    return x + ${i}\n`);
    const cacheEntries = (workers: string) => {
      const cacheHome = makeTempDir('nanodex-cache-');
      const index = path.join(makeTempDir('nanodex-index-'), 'index.sqlite');
      expect(nanodex(['index', '--repo', repo, '--index', index, '--workers', workers, '--json'], cacheHome)).toMatchObject({ code: 0 });
      return readdirSync(path.join(cacheHome, 'nanodex', 'compile-cache'), { recursive: true }).length;
    };
    expect(cacheEntries('1')).toBeGreaterThan(cacheEntries('0'));
  });

  it('answers a lookup the same, and says nothing of it, when the cache folder cannot be made', () => {
    const repo = copyFixtureRepo('typescript');
    const lookup = ['find', 'TodoStore', '--repo', repo, '--data-dir', path.join(repo, '.nanodex')];
    const cached = nanodex(lookup, makeTempDir('nanodex-cache-'));
    expect(cached).toMatchObject({ code: 0 });
    // A file where the cache's folder would go: even root cannot make a folder inside it.
    const blocked = path.join(makeTempDir('nanodex-cache-'), 'not-a-folder');
    writeFileSync(blocked, '');
    const uncached = nanodex(lookup, blocked);
    expect(uncached).toEqual({ code: 0, stdout: cached.stdout, stderr: '' });
    expect(uncached.stdout).toContain('src/store.ts:8-21  class TodoStore');
  });
});
