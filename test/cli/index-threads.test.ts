import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** `nanodex index` as npm installs it: a real process over real files, its JSON stats read back. */
function indexWith(repo: string, extra: string[]): Record<string, unknown> {
  const bin = ensureBuilt('src/cli/main.js');
  const index = path.join(makeTempDir('nanodex-index-'), 'index.sqlite');
  const run = spawnSync(process.execPath, [bin, 'index', '--repo', repo, '--index', index, '--json', ...extra], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
  });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.status).toBe(0);
  const stats = JSON.parse(run.stdout) as Record<string, unknown>;
  const { timings: _timings, index: _index, lockWaitedMs: _waited, ...rest } = stats;
  return rest;
}

/** 90 modules that import and call each other: over the 64 files from which a build starts parser threads. */
function moduleTree(): Record<string, string> {
  const files: Record<string, string> = { 'pkg/__init__.py': 'from .m0 import f0\n' };
  for (let i = 0; i < 90; i += 1) {
    const next = (i + 1) % 90;
    files[`pkg/m${i}.py`] =
      `from pkg.m${next} import f${next}\n\n\nclass C${i}:\n    pass\n\n\ndef f${i}():\n    return f${next}() or C${i}()\n`;
  }
  return files;
}

describe('nanodex index with its default parser threads', () => {
  it('builds the index a build on one thread builds: the same files, imports, edges and skips', () => {
    const repo = makeTempRepo(moduleTree(), { git: true });
    const threaded = indexWith(repo, []);
    expect(threaded).toMatchObject({ files: 91, added: 91, parseErrors: 0 });
    expect(threaded.importsResolved).toBeGreaterThan(90);
    expect(threaded).toEqual(indexWith(repo, ['--workers', '0']));
  });
});
