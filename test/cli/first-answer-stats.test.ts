import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { indexForFirstAnswer } from '../../src/core/code-index/index-for-first-answer.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { captureIo } from '../helpers/cli-io.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

describe('nanodex stats on an index that holds only a first answer', () => {
  it('says how many files it holds of the tree, and which command finishes it', async () => {
    const repo = makeTempRepo(
      {
        'billing/invoice_total.py': 'def compute_invoice_total(lines):\n    return round(sum(lines), 2)\n',
        'pkg/a.py': 'def alpha():\n    return 1\n',
        'pkg/b.py': 'def beta():\n    return 2\n',
      },
      { git: true },
    );
    const file = path.join(makeTempDir('nanodex-first-stats-'), 'index.sqlite');
    const store = await IndexStore.openWriter(file);
    await indexForFirstAnswer(new LocalRepoSource(repo), store, 'how is compute_invoice_total rounded', { workers: 0, minTreeBytes: 0 });
    store.close();

    const io = captureIo({ cwd: repo });
    expect(await runCli(['stats', '--repo', repo, '--index', file], io)).toBe(0);
    expect(io.out()).toContain('state       partial (1 of 3 files, indexed for a first answer)\n');
    expect(io.err()).toContain(`: run \`nanodex index --repo ${repo}\`.`);
  });
});
