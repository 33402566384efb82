import { describeIndexState, type IndexState } from '../code-index/index-state.js';

/**
 * The Markdown line a reply carries when the index it came from is partial
 * (an interrupted build, or one still running); undefined for a whole index
 * or when no index was read. It goes first, not in the collapsed footer: it
 * changes how far everything after it can be trusted.
 */
export function renderIndexWarning(state: IndexState | undefined): string | undefined {
  const text = state === undefined ? undefined : describeIndexState(state);
  return text === undefined ? undefined : `> ⚠️ ${text}`;
}
