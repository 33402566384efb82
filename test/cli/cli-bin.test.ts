import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

/** The `nanodex` bin as npm installs it: `node dist/src/cli/main.js`, a real process, real files. */
function nanodex(args: string[], options: { cwd?: string } = {}) {
  const bin = ensureBuilt('src/cli/main.js');
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function fixtureRepo(): string {
  const repo = makeTempDir('nanodex-bin-repo-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  return repo;
}

describe('the nanodex bin (dist/src/cli/main.js)', () => {
  it('prints its version', () => {
    const run = nanodex(['--version']);
    expect(run).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it('indexes a folder on first use and finds a definition, offline', () => {
    const repo = fixtureRepo();
    const run = nanodex(['find', 'TodoStore', '--repo', repo, '--data-dir', path.join(repo, '.nanodex')]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('src/store.ts:8-21  class TodoStore');
  });

  it('answers --json with a parseable result', () => {
    const repo = fixtureRepo();
    const run = nanodex(['plan', 'add a filter for done todos', '--json', '--repo', repo, '--data-dir', path.join(repo, '.nanodex')]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'done', command: 'plan' });
  });

  it('refuses an unknown flag with exit 2 and says where to look', () => {
    const run = nanodex(['find', '--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '--bogus'");
    expect(run.stderr).toContain('nanodex --help');
    // `find` takes a name, not a question: no advice about questions that start with a dash.
    expect(run.stderr).not.toContain('question');
  });

  it('takes a question that starts with a dash, pasted as one argument, as the question (black#3506: "--preview flag produces …")', () => {
    const repo = fixtureRepo();
    const question = '--preview flag makes TodoStore fail\n\nwhen a todo is added twice';
    const run = nanodex(['locate', question, '--json', '--repo', repo, '--data-dir', path.join(repo, '.nanodex')]);
    expect(run.stderr).not.toContain('unknown option');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { question?: string; prompt?: string };
    expect(JSON.stringify(result)).toContain('src/store.ts');
  });

  it('says how to pass a question that starts with a dash when it reads as a flag', () => {
    const run = nanodex(['ask', '-x', 'fails']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '-x'");
    expect(run.stderr).toContain('put `--` after the options and before the question: nanodex ask --json -- "-x fails"');
  });

  it('says which folder is missing instead of crashing', () => {
    const run = nanodex(['find', 'x', '--repo', '/nonexistent/nanodex-repo']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('/nonexistent/nanodex-repo');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
