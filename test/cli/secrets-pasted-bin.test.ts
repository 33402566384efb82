import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { findPastedLeaks, PASTED_FAMILIES } from '../helpers/find-pasted-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { makeTempDir } from '../helpers/temp-repo.js';

const pasted = buildSecretCorpus().filter((s) => PASTED_FAMILIES.includes(s.name));

/** The `nanodex` bin as npm installs it, a real process: everything it printed, on both streams. */
function nanodex(args: string[]): { code: number | null; printed: string } {
  const repo = makeTempDir('nanodex-pasted-repo-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  const result = spawnSync(
    process.execPath,
    [ensureBuilt('src/cli/main.js'), ...args, '--repo', repo, '--data-dir', path.join(repo, '.nanodex')],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    },
  );
  return { code: result.status, printed: `${result.stdout}\n${result.stderr}` };
}

describe('the nanodex bin, when a prompt pastes a secret of each family (issue 27)', () => {
  it.each([
    ['plan', '--verbose'],
    ['plan', '--json'],
    ['explain', '--verbose'],
    ['explain', '--json'],
  ])(
    'prints none of them for `%s %s`, escaped or not, on stdout or stderr',
    (command, flag) => {
      const tokens = pasted.map((s) => s.value).join(' and ');
      const run = nanodex([command, flag, `rotate ${tokens} in the TodoStore`]);
      expect(run.code, run.printed).toBe(0);
      expect(run.printed).toMatch(/\\?\[redacted\\?\]/);
      expect(findPastedLeaks(run.printed, pasted)).toEqual([]);
    },
    180_000,
  );
});
