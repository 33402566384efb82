import path from 'node:path';
import { IndexStore, LocalRepoSource, openRepoIndex, toIndexFile } from '../core/index.js';
import type { OpenedRepoIndex, RepoIndexes, RepoTarget } from './repo-indexes.js';

/** Stands for "no commit" when a folder is not a git checkout. */
const LOCAL_SHA = '0'.repeat(40);

/**
 * Every repository answered from one local folder, indexed once into the
 * data directory (delta-refreshed on each open, so edits show up). For
 * `nanodex replay` and tests: no GitHub call is made for content.
 */
export class LocalRepoIndexes implements RepoIndexes {
  private readonly source: LocalRepoSource;
  private readonly file: string;
  /** The first build, shared by jobs that open at the same time (different repositories may run together). */
  private built: Promise<void> | undefined;
  /** How many times a job opened the index. */
  opens = 0;

  constructor(root: string, options: { dataDir: string }) {
    this.source = new LocalRepoSource(path.resolve(root));
    this.file = toIndexFile(options.dataDir, this.source.root);
  }

  async open(_client: unknown, _target: RepoTarget): Promise<OpenedRepoIndex> {
    this.opens += 1;
    const first = this.built === undefined;
    this.built ??= this.build().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    await this.built;
    const store = IndexStore.open(this.file); // read-only: never waits for another writer
    const headSha = store.getMeta('head_sha') ?? LOCAL_SHA;
    return { source: this.source, store, headSha, update: first ? 'built' : 'fresh', release: () => store.close() };
  }

  has(): boolean {
    return this.built !== undefined;
  }

  private async build(): Promise<void> {
    // Another process (a second replay over the same folder) may be writing this index: the lifecycle waits for it.
    const { store } = await openRepoIndex(this.file, { files: { kind: 'checkout', source: this.source }, indexing: { workers: 0 } });
    store.close();
  }
}
