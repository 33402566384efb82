import path from 'node:path';
import { isResolutionInput, isValidRepoPath, type IndexStore, type LocalRepoSource } from '../../core/index.js';
import type { CliIo, CommonOptions } from '../cli-context.js';
import { openIndex, resolveIndexTarget } from '../open-index.js';
import { TreeWatch, type TreeChange } from './watch-tree.js';

/**
 * The MCP server's index of one repository, kept open between tool calls.
 * The first call builds or updates it; later calls update it only when the
 * tree changed since the last one (a file-system watch says so), so a warm
 * lookup pays nothing for freshness. Calls run one at a time: an update
 * swaps the store, and a reader never holds a closed one.
 */
export class McpIndex {
  private opened: { store: IndexStore; source: LocalRepoSource } | undefined;
  private watch: TreeWatch | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: CommonOptions,
    /** stderr only: stdout carries the protocol. */
    private readonly io: CliIo,
  ) {}

  /** Runs `work` with a fresh index, after every call queued before it. */
  use<T>(work: (opened: { store: IndexStore; source: LocalRepoSource }) => Promise<T> | T): Promise<T> {
    const next = this.queue.then(async () => work(await this.fresh()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.watch?.close();
    this.opened?.store.close();
    this.opened = undefined;
  }

  private async fresh(): Promise<{ store: IndexStore; source: LocalRepoSource }> {
    const change: TreeChange = this.watch?.take() ?? { kind: 'unknown' };
    if (this.opened && change.kind === 'none') return this.opened;
    if (!this.watch) {
      const { source, file } = await resolveIndexTarget(this.options, this.io);
      // Watched before the first update: a change made while it runs is recorded for the next call.
      this.watch = new TreeWatch(source.root, [path.dirname(file)]);
    }
    // The first update lists everything: the tree may have changed while no server watched it.
    const onlyPaths = this.opened !== undefined && change.kind === 'paths' ? toOnlyPaths(change.paths) : undefined;
    let updated: Awaited<ReturnType<typeof openIndex>>;
    try {
      updated = await openIndex({ ...this.options, refresh: true, onlyPaths }, this.io);
    } catch (error) {
      // Not served stale in silence: the next call tries the update again (and says why if it fails again).
      this.watch.markDirty();
      throw error;
    }
    this.opened?.store.close();
    this.opened = { store: updated.store, source: updated.source };
    return this.opened;
  }
}

/**
 * The watch's paths as a refresh of those paths only, or undefined to list
 * everything: go.mod and package.json steer how every import resolves, and a
 * run over some paths never reads them (index-repository.ts); a name no repo
 * path may have (control characters, too long) is left to git's listing.
 */
function toOnlyPaths(paths: string[]): string[] | undefined {
  return paths.some((file) => isResolutionInput(file) || !isValidRepoPath(file)) ? undefined : paths;
}
