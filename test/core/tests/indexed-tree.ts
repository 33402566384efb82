import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { findTestsFor } from '../../../src/core/tests/find-tests-for.js';
import { loadTestLayout } from '../../../src/core/tests/load-test-layout.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

const opened: IndexStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** A real folder of `files`, indexed, with its test layout read (runner configs included). */
export async function indexTree(files: Record<string, string>) {
  const root = makeTempRepo(files);
  const store = await IndexStore.openWriter(path.join(makeTempDir(), 'index.sqlite'));
  opened.push(store);
  await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
  store.releaseWriteLock();
  const index = new SqliteCodeIndex(store);
  const layout = await loadTestLayout(index, (p) => Promise.resolve(readFileSync(path.join(root, p), 'utf8')));
  return {
    index,
    layout,
    /** The tests named for a file: their paths, best first, or the kind of answer when there are none. */
    testsFor: (file: string, focus?: string[]) => {
      const found = findTestsFor(file, { index, layout, focus });
      return found.kind === 'found' ? found.tests.map((t) => t.path) : found.kind;
    },
    find: (file: string) => findTestsFor(file, { index, layout }),
  };
}
