import type { IndexStore } from './index-store.js';
import { BUILD_STARTED_KEY, BUILD_STATE_KEY } from './index-meta-keys.js';
import { isIndexWriteLocked } from './index-write-lock.js';

export { BUILD_STARTED_KEY, BUILD_STATE_KEY, BUILD_WRITER_KEY } from './index-meta-keys.js';

/**
 * Whether the index holds a whole run over the tree. A partial index still
 * answers, but what it has not reached (files, their symbols, graph edges) is
 * missing, and every reply says so.
 */
export type IndexState =
  | { complete: true }
  | {
      complete: false;
      /** `building`: a writer holds the lock right now; `interrupted`: the last build stopped before it finished. */
      reason: 'building' | 'interrupted';
      /** When the unfinished build started (ISO 8601), when known. */
      startedAt: string | undefined;
    };

export function readIndexState(store: IndexStore): IndexState {
  const state = store.getMeta(BUILD_STATE_KEY);
  if (state === 'complete') return { complete: true };
  if (state === undefined && isLegacyComplete(store)) return { complete: true };
  return {
    complete: false,
    reason: isIndexWriteLocked(store.file) ? 'building' : 'interrupted',
    startedAt: store.getMeta(BUILD_STARTED_KEY),
  };
}

/**
 * An index written before the build record existed: whole if a run reached
 * its end (`indexed_at` is written last) and left no file waiting for edges.
 */
function isLegacyComplete(store: IndexStore): boolean {
  if (store.getMeta('indexed_at') === undefined) return false;
  return store.statement('SELECT 1 FROM dirty_files LIMIT 1').get() === undefined;
}

/**
 * One sentence for a person, undefined for a complete index. It names no
 * command: the CLI, the App and the Action each finish an index their own way.
 */
export function describeIndexState(state: IndexState): string | undefined {
  if (state.complete) return undefined;
  const since = state.startedAt === undefined ? '' : ` (started ${state.startedAt})`;
  return state.reason === 'building'
    ? `The code index is partial: it is being built right now${since}, so files it has not reached yet are missing from this reply. Ask again when the build is done.`
    : `The code index is partial: its last build${since} stopped before it finished, so some files, symbols and links are missing from this reply. The next index update finishes it.`;
}
