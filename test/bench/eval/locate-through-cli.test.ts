import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateThroughCli } from '../../../bench/eval/locate-through-cli.js';
import { ensureBuilt, PROJECT_ROOT } from '../../helpers/build-dist.js';
import { makeTempDir } from '../../helpers/temp-repo.js';

function fixtureRepo(): string {
  const repo = makeTempDir('nanodex-cli-locate-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  return repo;
}

describe('locate through the CLI (the outputs evaluation beside run())', () => {
  it('ranks a report of several lines through the built bin, with no index yet', () => {
    const ranked = locateThroughCli(
      ensureBuilt('src/cli/main.js'),
      fixtureRepo(),
      undefined,
      'TodoStore loses items\n\n  at TodoStore.add (src/store.ts:12)\n',
    );
    expect(ranked).toHaveProperty('files');
    expect((ranked as { files: string[] }).files[0]).toBe('src/store.ts');
  }, 120_000);

  it('counts a report the bin refuses (one word that reads as a flag) as an error with the exit code, not as an empty ranking', () => {
    const ranked = locateThroughCli(ensureBuilt('src/cli/main.js'), fixtureRepo(), undefined, '--preview');
    expect(ranked).toEqual({ error: expect.stringMatching(/^exit 2: error: unknown option '--preview'/) });
  }, 120_000);
});
