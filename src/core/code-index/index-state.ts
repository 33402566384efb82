import type { IndexStore } from './index-store.js';
import { BUILD_STARTED_KEY, BUILD_STATE_KEY, FIRST_ANSWER_STATE, FIRST_ANSWER_TOTAL_KEY } from './index-meta-keys.js';
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
    }
  | {
      complete: false;
      /** Only the files picked for a first answer are indexed; the full build comes after the reply. */
      reason: 'first-answer';
      /** Files indexed, and indexable files in the tree. */
      files: number;
      total: number;
    };

export function readIndexState(store: IndexStore): IndexState {
  const state = store.getMeta(BUILD_STATE_KEY);
  if (state === 'complete') return { complete: true };
  if (state === undefined && isLegacyComplete(store)) return { complete: true };
  if (state === FIRST_ANSWER_STATE && !isIndexWriteLocked(store.file)) {
    const { files } = store.statement('SELECT COUNT(*) AS files FROM files').get() as { files: number };
    return { complete: false, reason: 'first-answer', files, total: Number(store.getMeta(FIRST_ANSWER_TOTAL_KEY) ?? files) };
  }
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
  if (state.reason === 'first-answer') {
    return `This reply was answered from a partial index of ${state.files} of ${state.total} files, picked for this question before the full index was built; the full index is built after this reply, for the next question.`;
  }
  const since = state.startedAt === undefined ? '' : ` (started ${state.startedAt})`;
  return state.reason === 'building'
    ? `The code index is partial: it is being built right now${since}, so files it has not reached yet are missing from this reply. Ask again when the build is done.`
    : `The code index is partial: its last build${since} stopped before it finished, so some files, symbols and links are missing from this reply. The next index update finishes it.`;
}
