import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

/** Indexing the fixture and answering from it: seconds, generous on a loaded machine. */
const RUN_TIMEOUT_MS = 120_000;

/** The `nanodex` bin as npm installs it, on a fresh copy of the TypeScript fixture (its first run indexes it). */
function nanodex(args: string[]) {
  const repo = makeTempDir('nanodex-terminal-repo-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [ensureBuilt('src/cli/main.js'), ...args, '--repo', repo, '--data-dir', path.join(repo, '.nanodex')],
    {
      cwd: repo,
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
      env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('what the nanodex bin prints in a terminal', () => {
  // Built once here (npm test builds first; a run of this file alone may compile for minutes on a loaded machine).
  beforeAll(() => {
    ensureBuilt('src/cli/main.js');
  }, 600_000);

  describe('nanodex diagram', () => {
    it(
      'refuses a type it does not know with exit 2, listing the types, and draws nothing',
      () => {
        const run = nanodex(['diagram', 'flowchart']);

        expect(run.code).toBe(2);
        expect(run.stderr).toContain('"flowchart" is not a diagram type');
        expect(run.stderr).toContain('architecture, component, dependency, erd');
        expect(run.stdout).toBe('');
      },
      RUN_TIMEOUT_MS,
    );

    it(
      'says once that a repository without a data model has no ERD',
      () => {
        const run = nanodex(['diagram', 'erd']);

        expect(run.code).toBe(0);
        expect(run.stdout.split('No data model was found')).toHaveLength(2);
      },
      RUN_TIMEOUT_MS,
    );
  });

  describe('when a budget stops the run', () => {
    it(
      'suggests a budget larger than the one given, with its placeholder unescaped',
      () => {
        const run = nanodex(['plan', 'add', 'a', 'filter', 'for', 'done', 'todos', 'budget=200']);

        expect(run.code).toBe(4);
        const suggested = /add budget=(\d+)(k?) to the request/.exec(run.stdout);
        expect(suggested).not.toBeNull();
        expect(Number(suggested?.[1]) * (suggested?.[2] === 'k' ? 1000 : 1)).toBeGreaterThan(200);
        expect(run.stdout).toContain('focus=<folder>');
        expect(run.stdout).not.toMatch(/&lt;|&gt;/);
      },
      RUN_TIMEOUT_MS,
    );
  });

  describe('when a budget is too small for the question', () => {
    it(
      'names the files it left out and the files= that would read them',
      () => {
        const run = nanodex(['explain', 'every', 'module', 'in', 'this', 'repository', 'files=1']);

        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/the files budget \(files=1\) left out 2 files this question would read/);
        expect(run.stdout).toContain('add files=3 to read them');
        expect(run.stdout).toMatch(/skipped src\/\w+\.tsx? \(1 KB\) to stay within the budget/);
      },
      RUN_TIMEOUT_MS,
    );
  });

  describe('the footer of a first run', () => {
    it(
      'counts the indexing in its time and names it as a stage',
      () => {
        const run = nanodex(['plan', 'add', 'a', 'filter', 'for', 'done', 'todos']);

        expect(run.code).toBe(0);
        const indexMs = Number(/Stages: index (\d+) ms/.exec(run.stdout)?.[1]);
        const shownSeconds = Number(/<summary>nanodex · .* · ([\d.]+) s/.exec(run.stdout)?.[1]);
        expect(indexMs).toBeGreaterThan(0);
        // The summary rounds to a tenth of a second.
        expect(shownSeconds * 1000 + 50).toBeGreaterThanOrEqual(indexMs);
      },
      RUN_TIMEOUT_MS,
    );
  });
});
