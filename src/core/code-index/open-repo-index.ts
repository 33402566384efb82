import { existsSync, realpathSync } from 'node:fs';
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteRepoFiles, UnpackedFile } from '../ports.js';
import { LocalRepoSource } from '../repo/local-repo-source.js';
import { resolveInsideRoot } from '../repo/repo-path.js';
import { indexForFirstAnswer, startFirstAnswerPool } from './index-for-first-answer.js';
import type { ParsePool } from './parse-pool.js';
import { indexRepository, type IndexRepositoryOptions, type IndexRunStats } from './index-repository.js';
import { IndexStore } from './index-store.js';
import type { LockWaitOptions } from './index-write-lock.js';
import { findFileKind } from './languages.js';

/** The commit the index describes, stamped after a build ends: an index holding it is whole for that commit. */
export const HEAD_SHA_KEY = 'head_sha';
/**
 * The commit whose files the unpacked tree holds, or `changing` while a
 * delta rewrites it: a tree is reused only when it is known to match.
 */
export const TREE_COMMIT_KEY = 'tree_commit';

/** Where the files to index come from. */
export type IndexFiles =
  | {
      /** A checkout on this machine (the Action, the CLI): indexed in place, by blob sha against the index. */
      kind: 'checkout';
      source: LocalRepoSource;
      /** When given, an index already stamped with this commit is read as it is. */
      headSha?: string;
    }
  | {
      /** A remote commit (the App, the CLI given a URL): unpacked into `tree` from one tarball, then kept up to date. */
      kind: 'remote';
      remote: RemoteRepoFiles;
      /** The commit `remote` lists. */
      headSha: string;
      tree: string;
      /** The largest tarball to download. */
      maxTarballBytes: number;
      /**
       * Past this many changed files a refresh downloads the tarball again; 0
       * never refreshes from blobs (an index per commit never needs to).
       */
      maxDeltaFiles: number;
    };

type RemoteFiles = Extract<IndexFiles, { kind: 'remote' }>;

export interface OpenRepoIndexOptions {
  files: IndexFiles;
  lock?: LockWaitOptions;
  indexing?: Pick<IndexRepositoryOptions, 'workers' | 'onProgress' | 'clock'>;
  /**
   * A question to answer first: on an index with no files yet, only the files it needs are indexed
   * (indexForFirstAnswer), nothing is stamped, and `update` is `first-answer`; the next open finishes the build.
   */
  firstAnswer?: { question: string; minTreeBytes?: number };
  /** Runs after indexing while the write lock is still held, so what it copies is one writer's finished work (a cache save). */
  beforeRelease?: (store: IndexStore) => Promise<void>;
}

export interface OpenedIndexFiles {
  /** Open for reading; the write lock is already released. The caller closes it. */
  store: IndexStore;
  /** The indexed files on this machine: the checkout or the unpacked tree. */
  source: LocalRepoSource;
  /**
   * `fresh`: already at the commit, nothing written; `built`: from the whole tree; `delta`: from the changed files
   * only; `first-answer`: only the files a question needs (OpenRepoIndexOptions.firstAnswer), the commit not stamped.
   */
  update: 'fresh' | 'built' | 'delta' | 'first-answer';
  /** Undefined when nothing was indexed (`fresh`). */
  stats: IndexRunStats | undefined;
}

/**
 * The index lifecycle, the same for every front: read an index already at
 * the commit without waiting; otherwise take the write lock, look again (the
 * writer waited for may have done it), bring the files up to date (a
 * checkout as it is; a remote commit from a tarball, or from the blobs that
 * changed), index, stamp the commit, and release the lock. A build that is
 * stopped is resumed by the next call: only files not yet committed are
 * parsed, and a whole unpacked tree of the commit is not downloaded again.
 */
export async function openRepoIndex(file: string, options: OpenRepoIndexOptions): Promise<OpenedIndexFiles> {
  const { files } = options;
  const { headSha } = files;
  // The unpacked tree may not exist yet: its source is made once it does.
  const toSource = () => (files.kind === 'checkout' ? files.source : new LocalRepoSource(files.tree));
  if (headSha !== undefined) {
    const ready = openAtCommit(file, headSha);
    if (ready !== undefined) return withSource(ready, toSource, { update: 'fresh', stats: undefined });
  }
  const store = await IndexStore.openWriter(file, options.lock);
  let pool: ParsePool | undefined;
  try {
    let update: OpenedIndexFiles['update'] = 'fresh';
    let stats: IndexRunStats | undefined;
    if (headSha === undefined || store.getMeta(HEAD_SHA_KEY) !== headSha) {
      pool = await startPoolAhead(store, files, options);
      const indexing = { ...options.indexing, pool };
      const first =
        options.firstAnswer === undefined ? undefined : await indexFirstAnswer(store, files, toSource, options.firstAnswer, indexing);
      if (first !== undefined) {
        update = 'first-answer';
        stats = first.stats;
      } else if (files.kind === 'checkout') {
        update = store.isEmpty() ? 'built' : 'delta';
        stats = await indexRepository(files.source, store, indexing);
      } else {
        const changed = await updateTree(store, files);
        update = changed === undefined ? 'built' : 'delta';
        stats = await indexRepository(toSource(), store, changed === undefined ? indexing : { ...indexing, onlyPaths: changed });
      }
      if (headSha !== undefined && first === undefined) store.transaction(() => store.setMeta(HEAD_SHA_KEY, headSha));
    }
    await options.beforeRelease?.(store);
    store.releaseWriteLock();
    return { store, source: toSource(), update, stats };
  } catch (error) {
    store.close();
    throw error;
  } finally {
    await pool?.close();
  }
}

function withSource(
  store: IndexStore,
  toSource: () => LocalRepoSource,
  result: Pick<OpenedIndexFiles, 'update' | 'stats'>,
): OpenedIndexFiles {
  try {
    return { store, source: toSource(), ...result };
  } catch (error) {
    store.close();
    throw error;
  }
}

/**
 * A first answer's index (indexForFirstAnswer) when the index has no file yet; a remote commit's tree is
 * unpacked first (an empty index has nothing to diff against). Undefined when the tree is small enough to
 * index whole: the tree is then already in place for the whole build, which `pool` then serves.
 */
async function indexFirstAnswer(
  store: IndexStore,
  files: IndexFiles,
  toSource: () => LocalRepoSource,
  first: { question: string; minTreeBytes?: number },
  indexing: Pick<IndexRepositoryOptions, 'workers' | 'onProgress' | 'clock' | 'pool'>,
) {
  if (!store.isEmpty()) return undefined;
  let unpacked: UnpackedFile[] | undefined;
  if (files.kind === 'remote') await updateTree(store, files, (written) => (unpacked = written));
  return indexForFirstAnswer(toSource(), store, first.question, { ...indexing, minTreeBytes: first.minTreeBytes, files: unpacked });
}

/**
 * Parser threads started before a remote commit's first answer downloads its tarball: a worker's start
 * (~0.5 s of CPU: Node, the modules, the grammar's runtime) then runs on the other core while this thread
 * unpacks, instead of after the text scan. Started beside the scan, it took the cores from git on a
 * loaded machine (index-for-first-answer.ts); the unpacking ends before the scan begins.
 */
async function startPoolAhead(store: IndexStore, files: IndexFiles, options: OpenRepoIndexOptions): Promise<ParsePool | undefined> {
  const treeMissing = files.kind === 'remote' && store.getMeta(TREE_COMMIT_KEY) !== files.headSha;
  if (options.firstAnswer === undefined || !treeMissing || !store.isEmpty()) return undefined;
  return startFirstAnswerPool(options.indexing?.workers);
}

/** The index when it already holds `headSha` (stamped after a build ends), read without waiting for any writer. */
function openAtCommit(file: string, headSha: string): IndexStore | undefined {
  const store = IndexStore.findReadable(file);
  if (store === undefined || store.getMeta(HEAD_SHA_KEY) === headSha) return store;
  store.close();
  return undefined;
}

/**
 * Brings the unpacked tree to the remote commit: from the blobs that changed
 * when the tree holds the indexed commit and few files differ (returns their
 * paths), else from the tarball unless the tree already holds the commit (a
 * stopped build; returns undefined: index it all).
 */
async function updateTree(
  store: IndexStore,
  files: RemoteFiles,
  onUnpacked?: (written: UnpackedFile[]) => void,
): Promise<string[] | undefined> {
  const indexed = store.getMeta(HEAD_SHA_KEY);
  const treeCommit = existsSync(files.tree) ? (store.getMeta(TREE_COMMIT_KEY) ?? 'unknown') : 'none';
  // 'unknown': a tree from before TREE_COMMIT_KEY, which was kept at the indexed commit (as trusted then).
  if (files.maxDeltaFiles > 0 && indexed !== undefined && (treeCommit === indexed || treeCommit === 'unknown')) {
    const changed = await findChangedFiles(store, files.remote);
    if (changed.length <= files.maxDeltaFiles) {
      store.transaction(() => store.setMeta(TREE_COMMIT_KEY, 'changing'));
      await applyDelta(files, changed);
      store.transaction(() => store.setMeta(TREE_COMMIT_KEY, files.headSha));
      return changed.map((c) => c.path);
    }
  }
  if (treeCommit !== files.headSha) {
    await rm(files.tree, { recursive: true, force: true });
    await mkdir(path.dirname(files.tree), { recursive: true });
    // Extracted beside the target and renamed at the end: a tree that exists is whole.
    const unpacked = await files.remote.downloadTarball(files.tree, { maxBytes: files.maxTarballBytes });
    store.transaction(() => store.setMeta(TREE_COMMIT_KEY, files.headSha));
    if (unpacked?.files !== undefined) onUnpacked?.(unpacked.files);
  }
  return undefined;
}

interface ChangedFile {
  path: string;
  /** Absent for a file removed from the commit. */
  blobSha?: string;
}

/** The indexable files whose blob differs from the index's (added or changed: a sha; removed: none). */
async function findChangedFiles(store: IndexStore, remote: RemoteRepoFiles): Promise<ChangedFile[]> {
  const listing = await remote.listFiles();
  const stored = new Map(store.listFiles().map((f) => [f.path, f.blobSha]));
  const changed: ChangedFile[] = [];
  const present = new Set<string>();
  for (const file of listing.files) {
    if (findFileKind(file.path) === undefined) continue;
    present.add(file.path);
    if (stored.get(file.path) !== file.blobSha) changed.push({ path: file.path, blobSha: file.blobSha });
  }
  for (const file of stored.keys()) if (!present.has(file)) changed.push({ path: file });
  return changed;
}

async function applyDelta(files: RemoteFiles, changed: ChangedFile[]): Promise<void> {
  const root = realpathSync(files.tree);
  for (const file of changed) {
    const { absolute } = resolveInsideRoot(root, file.path);
    if (file.blobSha === undefined) {
      await unlink(absolute).catch((error: unknown) => {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
      });
      continue;
    }
    const bytes = await files.remote.readBlob({ path: file.path, blobSha: file.blobSha });
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, bytes);
  }
}
