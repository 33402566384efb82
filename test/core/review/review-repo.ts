import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { cleanUpAfterTest } from '../../helpers/clean-up-after-test.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

export interface ReviewRepo {
  root: string;
  base: string;
  head: string;
  /** `git diff base head`, as git prints it. */
  diff: string;
  index: SqliteCodeIndex;
  /** A file as the head commit has it (the checkout). */
  readHead: (file: string) => Promise<string>;
}

/**
 * A real repository with two commits: `base` from `baseFiles`, then `head`
 * after writing `changes` (content) and removing `remove` (paths) and
 * renaming `rename` (from -> to). The index is built at head.
 */
export async function makeReviewRepo(
  baseFiles: Record<string, string | Uint8Array>,
  changes: { write?: Record<string, string | Uint8Array>; remove?: string[]; rename?: Record<string, string> },
): Promise<ReviewRepo> {
  const root = makeTempRepo(baseFiles, { git: true });
  const base = git(root, ['rev-parse', 'HEAD']).trim();
  for (const [from, to] of Object.entries(changes.rename ?? {})) git(root, ['mv', from, to]);
  for (const file of changes.remove ?? []) rmSync(path.join(root, file));
  writeFiles(root, changes.write ?? {});
  git(root, ['add', '-A']);
  git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'change']);
  const head = git(root, ['rev-parse', 'HEAD']).trim();
  const diff = git(root, ['diff', base, head]);
  const store = await IndexStore.openWriter(path.join(makeTempDir(), 'index.sqlite'));
  cleanUpAfterTest(() => store.close());
  await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
  const readHead = (file: string) => Promise.resolve(readFileSync(path.join(root, file), 'utf8'));
  return { root, base, head, diff, index: new SqliteCodeIndex(store), readHead };
}
