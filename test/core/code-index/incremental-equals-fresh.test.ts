import { rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileRanks } from '../../../src/core/code-index/file-ranks.js';
import { indexRepository, type IndexRunStats } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { indexSample, SAMPLE_FILES, type IndexedRepo } from '../../helpers/sample-repo.js';
import { git, makeTempDir, writeFiles } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
const opened: IndexStore[] = [];
afterEach(() => {
  repo?.store.close();
  for (const store of opened.splice(0)) store.close();
});

/** Everything a lookup, the graph or the map reads, by path (ids differ between two indexes of one tree). */
function readAnswers(store: IndexStore): Record<string, unknown> {
  const rows = (sql: string) => store.db.prepare(sql).raw().all();
  const ranks = readFileRanks(store);
  expect(ranks, 'stored ranks are fresh').toBeDefined();
  return {
    files: rows('SELECT path, language, size, lines, status, reason, hex(blob_sha) FROM files ORDER BY path'),
    symbols: rows(
      `SELECT f.path, s.name, s.kind, s.scope, s.signature, s.start_line, s.end_line, p.name FROM symbols s JOIN files f ON f.id = s.file_id
       LEFT JOIN symbols p ON p.id = s.parent_id ORDER BY 1, 6, 2, 3`,
    ),
    refs: rows(
      `SELECT f.path, r.name, r.kind, r.receiver, r.line, s.name FROM refs r JOIN files f ON f.id = r.file_id
       LEFT JOIN symbols s ON s.id = r.symbol_id ORDER BY 1, 2, 3, 4, 5, 6`,
    ),
    imports: rows('SELECT f.path, i.ord, i.source, i.kind, i.resolved FROM imports i JOIN files f ON f.id = i.file_id ORDER BY 1, 2'),
    edges: rows(
      `SELECT a.path, e.kind, b.path, e.weight FROM edges e JOIN files a ON a.id = e.src_file_id JOIN files b ON b.id = e.dst_file_id
       ORDER BY 1, 2, 3`,
    ),
    chunks: rows(
      'SELECT f.path, c.kind, c.start_line, c.end_line, c.context FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY 1, 3, 4, 2',
    ),
    // PageRank sums in file-id order, and ids differ: equal to 12 digits, not to the last bit.
    ranks: Object.fromEntries((ranks?.files ?? []).map((f, i) => [f.path, Number(ranks!.rank[i]!.toPrecision(12))])),
  };
}

/** The counts a run reports about the tree, apart from what it parsed this time. */
function treeCounts(stats: IndexRunStats): Pick<IndexRunStats, 'files' | 'skipped'> {
  const skipped = { ...stats.skipped };
  return { files: stats.files, skipped };
}

/** A build of the same tree into a new index, from nothing. */
async function buildFresh(root: string): Promise<{ store: IndexStore; stats: IndexRunStats }> {
  const store = await IndexStore.openWriter(path.join(makeTempDir(), 'fresh.sqlite'));
  opened.push(store);
  const stats = await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
  return { store, stats };
}

/** Changes the work tree, refreshes the index, and checks it answers as a build from scratch of the same tree does. */
async function expectRefreshLikeFresh(change: (root: string) => void, expected: Partial<IndexRunStats>): Promise<void> {
  change(repo!.root);
  const refreshed = await indexRepository(repo!.source, repo!.store, { workers: 0 });
  expect(refreshed).toMatchObject(expected);
  const fresh = await buildFresh(repo!.root);
  // Files parsed this time count their content skips too: only the tree's counts are compared.
  expect(treeCounts(refreshed)).toEqual(treeCounts({ ...fresh.stats, skipped: withoutContentSkips(fresh.stats.skipped) }));
  expect(readAnswers(repo!.store)).toEqual(readAnswers(fresh.store));
}

function withoutContentSkips(skipped: Record<string, number>): Record<string, number> {
  const { minified: _m, generated: _g, binary: _b, ...rest } = skipped;
  return rest;
}

const write = (file: string, text: string) => (root: string) => writeFiles(root, { [file]: text });

describe('an index refreshed after a change in a git checkout', () => {
  it('answers like an index built from scratch, edit after edit: edited, untracked, deleted, staged, reverted and committed', async () => {
    repo = await indexSample(SAMPLE_FILES, { git: true });
    // A call to splitHeaders from another file: new call and import edges, new ranks.
    await expectRefreshLikeFresh(
      write(
        'src/server.ts',
        `import { splitHeaders } from './http/headers.js';\n${SAMPLE_FILES['src/server.ts']!}export const h = splitHeaders('');\n`,
      ),
      { changed: 1, added: 0, removed: 0 },
    );
    // A body edit that moves no edge: the ranks are kept, and still the graph's.
    await expectRefreshLikeFresh(write('tools/retry.py', `${SAMPLE_FILES['tools/retry.py']!}\n\ndef backoff(n):\n    return n * 2\n`), {
      changed: 1,
    });
    // A new untracked file that calls into the tree, and a text file.
    await expectRefreshLikeFresh(
      (root) => {
        write('tools/cli.py', 'from .uploader import Uploader\n\ndef main():\n    return Uploader().upload_file("x")\n')(root);
        write('notes.txt', 'nothing to parse here\n')(root);
      },
      { added: 2 },
    );
    // A tracked file deleted: what imported it is relinked.
    await expectRefreshLikeFresh((root) => unlinkSync(path.join(root, 'src/http/headers.ts')), { removed: 1 });
    // An untracked secret and a file too large: counted, never indexed.
    await expectRefreshLikeFresh(
      (root) => {
        write('deploy/.env.production', 'TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n')(root);
        write('data/huge.ts', `export const big = "${'x'.repeat(1_100_000)}";\n`)(root);
      },
      { added: 0 },
    );
    // Staged (git's index file changes), then the untracked file removed again.
    await expectRefreshLikeFresh(
      (root) => {
        git(root, ['add', 'tools/cli.py']);
        rmSync(path.join(root, 'deploy'), { recursive: true });
      },
      { added: 0, changed: 0 },
    );
    // The edits reverted: the files are git's clean blobs again.
    await expectRefreshLikeFresh(
      (root) => {
        git(root, ['checkout', '--', 'src/server.ts', 'tools/retry.py', 'src/http/headers.ts']);
      },
      { changed: 2, added: 1 },
    );
    // Everything committed: a new staged tree, listed whole.
    await expectRefreshLikeFresh((root) => {
      git(root, ['add', '-A']);
      git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'more']);
    }, {});
  });

  it('answers like a fresh build when a package.json changes how imports resolve', async () => {
    repo = await indexSample(
      {
        ...SAMPLE_FILES,
        'package.json': '{"name": "sample", "main": "src/server.ts"}\n',
        'test/server.test.ts': "import { Server } from 'sample';\nexport const s = new Server();\n",
      },
      { git: true },
    );
    await expectRefreshLikeFresh(write('package.json', '{"name": "sample", "main": "src/http/headers.ts"}\n'), {});
  });
});
