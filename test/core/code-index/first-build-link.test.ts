import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { makeTempDir, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const PACKAGES = 14;
const MODULES = 20;

/** A package of modules that import and call the next package's: 21 files per package, over 200 in all. */
function packageFiles(p: number): Record<string, string> {
  const next = (p + 1) % PACKAGES;
  const files: Record<string, string> = { [`pkg${p}/__init__.py`]: `from .m0 import f${p}_0\n` };
  for (let m = 0; m < MODULES; m += 1) {
    files[`pkg${p}/m${m}.py`] =
      `from pkg${next}.m${m} import f${next}_${m}\nimport pkg${next}\n\n` +
      `class C${p}_${m}(object):\n    pass\n\n` +
      `def f${p}_${m}():\n    return f${next}_${m}() + C${next}_${m}()\n`;
  }
  return files;
}

function treeOf(packages: number[]): Record<string, string> {
  return Object.assign({}, ...packages.map(packageFiles)) as Record<string, string>;
}

const opened: IndexStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function openStore(onStatement?: (sql?: unknown) => void): Promise<IndexStore> {
  const store = await IndexStore.openWriter(path.join(makeTempDir(), 'index.sqlite'), { onStatement });
  opened.push(store);
  return store;
}

/** Every edge and import mark, by path (ids differ between two indexes of one tree). */
function readGraph(store: IndexStore): unknown {
  const rows = (sql: string) => store.db.prepare(sql).raw().all();
  return {
    edges: rows(
      `SELECT a.path, e.kind, b.path, e.weight FROM edges e JOIN files a ON a.id = e.src_file_id JOIN files b ON b.id = e.dst_file_id
       ORDER BY 1, 2, 3`,
    ),
    imports: rows('SELECT f.path, i.ord, i.source, i.resolved FROM imports i JOIN files f ON f.id = i.file_id ORDER BY 1, 2'),
  };
}

const ALL = Array.from({ length: PACKAGES }, (_, p) => p);

describe('the link step of a first build', () => {
  it('looks for no clean file to link into the new ones when every file is new', async () => {
    const root = makeTempRepo(treeOf(ALL));
    const statements: string[] = [];
    const store = await openStore((sql) => statements.push(String(sql)));
    const stats = await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
    expect(stats.added).toBe(PACKAGES * (MODULES + 1));
    expect(statements.filter((sql) => sql.includes('r.file_id NOT IN (SELECT file_id FROM temp.batch)'))).toEqual([]);
    expect(store.db.prepare('SELECT count(*) FROM edges').pluck().get()).toBeGreaterThan(PACKAGES * MODULES * 2);
  });

  it('links as a build in two steps does, where the second step links into files already clean', async () => {
    const whole = await openStore();
    await indexRepository(new LocalRepoSource(makeTempRepo(treeOf(ALL))), whole, { workers: 0 });

    // The first 4 packages, then the other 10 (210 new files: the big rebuild's path, with clean files left).
    const root = makeTempRepo(treeOf(ALL.slice(0, 4)));
    const stepped = await openStore();
    await indexRepository(new LocalRepoSource(root), stepped, { workers: 0 });
    writeFiles(root, treeOf(ALL.slice(4)));
    const second = await indexRepository(new LocalRepoSource(root), stepped, { workers: 0 });
    expect(second.added).toBe(10 * (MODULES + 1));

    expect(readGraph(stepped)).toEqual(readGraph(whole));
  });
});
