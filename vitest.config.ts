import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * A test file that changes what other files would see in the same process:
 * module mocks, stubbed env or globals, fake timers, spies, nock (it patches
 * node:http for the whole process), or a harness that registers hooks when
 * imported (github-nock, app-harness, action-harness). Such a file runs
 * isolated, in a fresh process of its own.
 */
const CHANGES_GLOBALS =
  /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|useFakeTimers|setSystemTime|spyOn|resetModules)\b|from 'nock'|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|(github-nock|app-harness|action-harness)\.js'/;
/** A test file that starts a shipped entry from dist/ (node dist/src/app/main.js, the built CLI). */
const STARTS_DIST = /(build-dist|app-process)\.js'/;

/** The test files under `folder` whose text matches `pattern` (or does not, with `matching` false). */
function testFiles(folder: string, pattern: RegExp, matching: boolean): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => pattern.test(readFileSync(path.join(ROOT, file), 'utf8')) === matching)
    .sort();
}

/** The core's unit tests that change nothing global: they share a process per worker. */
const unit = testFiles('test/core', CHANGES_GLOBALS, false);
const dist = testFiles('test', STARTS_DIST, true);

export default defineConfig({
  test: {
    // No include here: a project that extends this config would add its own to it, not replace it.
    pool: 'forks',
    // vitest's default on 2 cores is 1 worker: every file in turn, while many of them mostly wait for a process
    // they started (npm ci, the App, redis-server, the CLI). Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Tests start processes on machines that may be busy with other work (at load 20 on 2 cores, a dozen tests
    // passed 30 s): a timeout ends a hang, it never says how fast a test must be.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Helpers register their cleanups through test/helpers/clean-up-after-test.ts, which this setup file runs
    // after each test of every file; a hook a helper registered when imported would run only in the first file
    // of a shared process.
    setupFiles: ['test/setup/run-test-cleanups.ts'],
    // Projects start in name order (then the slowest files first): the long process tests before the unit tests.
    projects: [
      {
        extends: true,
        test: {
          name: 'dist',
          include: dist,
          // dist/ built once, before these start, when a source is newer: never inside a test's timeout.
          globalSetup: ['test/setup/build-dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: [...unit, ...dist],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: unit,
          // One process per worker instead of one per file: tree-sitter, its grammars, SQLite and secretlint are
          // imported once, not once for each of 130 files.
          isolate: false,
        },
      },
    ],
  },
});
