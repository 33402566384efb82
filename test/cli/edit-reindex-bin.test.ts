import { appendFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { recordGitCalls } from '../helpers/record-git-calls.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

let home = '';

/** `nanodex <args>` as npm installs it: a real process; its stdout. */
function nanodex(...args: string[]): string {
  return nanodexWithPath(process.env.PATH ?? '', ...args);
}

function nanodexWithPath(PATH: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { PATH, HOME: home },
  });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** A few Python and TypeScript modules that import and call each other. */
const TREE: Record<string, string> = {
  'pkg/__init__.py': 'from .matrix import Matrix\n',
  'pkg/matrix.py': 'from pkg.det import det\n\n\nclass Matrix:\n    def det(self):\n        return det(self)\n',
  'pkg/det.py':
    'def det(matrix):\n    """Take the account of each row."""\n    return bareiss(matrix)\n\n\ndef bareiss(matrix):\n    return 1\n',
  'web/view.ts': "import { render } from './render';\n\nexport function view(): string {\n  return render();\n}\n",
  'web/render.ts': "export function render(): string {\n  return 'ok';\n}\n",
};

const TABLES = ['files', 'folders', 'symbols', 'refs', 'imports', 'edges', 'chunks', 'file_ranks', 'dirty_files'];

/** Row counts per table and the FTS rows' terms, read from the index file. */
function readTables(file: string): Record<string, unknown> {
  const db = new Database(file, { readonly: true });
  try {
    const counts = Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()]));
    return {
      ...counts,
      fts: db.prepare("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'det OR bareiss OR render'").pluck().get(),
    };
  } finally {
    db.close();
  }
}

/** What the lookups print, for names the edit touches and names it does not. */
function readLookups(repo: string, index: string): string[] {
  const at = ['--repo', repo, '--index', index];
  return [
    nanodex('find', 'det', ...at),
    nanodex('find', 'Matrix.det', ...at),
    nanodex('find', 'bareiss_fast', ...at),
    nanodex('refs', 'bareiss', ...at),
    nanodex('refs', 'render', ...at),
    nanodex('search', 'bareiss', 'matrix', ...at),
  ];
}

describe('nanodex index after a 1-file edit', () => {
  it('leaves the index a cold build of the edited tree gives: the same rows and the same find, refs and search answers', () => {
    home = makeTempDir('nanodex-home-');
    const repo = makeTempRepo(TREE, { git: true });
    const incremental = path.join(makeTempDir('nanodex-index-'), 'index.sqlite');
    nanodex('index', '--repo', repo, '--index', incremental, '--json');
    appendFileSync(path.join(repo, 'pkg', 'det.py'), '\n\ndef bareiss_fast(matrix):\n    return bareiss(matrix) + 0\n');
    const edit = JSON.parse(nanodex('index', '--repo', repo, '--index', incremental, '--json')) as Record<string, number>;
    expect(edit).toMatchObject({ changed: 1, added: 0, removed: 0, parseErrors: 0 });

    const cold = path.join(makeTempDir('nanodex-index-'), 'index.sqlite');
    nanodex('index', '--repo', repo, '--index', cold, '--json');
    expect(readTables(incremental)).toEqual(readTables(cold));
    const lookups = readLookups(repo, incremental);
    expect(lookups[2]).toContain('pkg/det.py');
    expect(lookups).toEqual(readLookups(repo, cold));
  });

  it('asks git only what changed and where the tree is: no third git process for the edited file, which the index holds', () => {
    home = makeTempDir('nanodex-home-');
    const repo = makeTempRepo(TREE, { git: true });
    const index = path.join(makeTempDir('nanodex-index-'), 'index.sqlite');
    nanodex('index', '--repo', repo, '--index', index, '--json');
    const git = recordGitCalls();
    const withGitRecorded = `${git.binDir}${path.delimiter}${process.env.PATH ?? ''}`;
    appendFileSync(path.join(repo, 'pkg', 'det.py'), '\n\ndef bareiss_fast(matrix):\n    return bareiss(matrix) + 0\n');
    const edit = JSON.parse(nanodexWithPath(withGitRecorded, 'index', '--repo', repo, '--index', index, '--json')) as Record<
      string,
      number
    >;
    expect(edit).toMatchObject({ changed: 1, added: 0, removed: 0 });
    expect(git.calls()).toHaveLength(2);
    expect(git.calls()[0]).toContain('rev-parse');
    expect(git.calls()[1]).toContain('ls-files -z -m -d --others');

    // A new file the index does not hold yet: its staged entry (none) is git's to give, as before.
    git.clear();
    appendFileSync(path.join(repo, 'pkg', 'extra.py'), 'def extra():\n    return 1\n');
    const added = JSON.parse(nanodexWithPath(withGitRecorded, 'index', '--repo', repo, '--index', index, '--json')) as Record<
      string,
      number
    >;
    expect(added).toMatchObject({ changed: 0, added: 1, removed: 0 });
    expect(git.calls().some((call) => call.includes('ls-files -z -s --cached'))).toBe(true);
  });
});
