import type { CodeIndex } from '../code-index/code-index.js';
import { renderThreadMemory, type ThreadMemory } from './thread-memory.js';

/** The thread's memory as the current tree confirms it, and how strongly the request leans on it. */
export interface VerifiedMemory {
  memory: ThreadMemory;
  /** Cited files and named symbols that are gone from the tree (renamed, deleted): left out. */
  dropped: number;
  /** The request refers back ("the same for…", "that function", "again"): the remembered files rank like matches. */
  strong: boolean;
  text: string;
}

/** Words that point back at something said earlier in the thread. */
const REFERS_BACK =
  /\b(same|similar(?:ly)?|likewise|again|also|as well|as before|above|earlier|previous(?:ly)?|that|those|these|them|instead)\b/i;

/**
 * Keeps only what still exists: files the index holds, symbols it still
 * defines. Memory is a hint from earlier replies, never trusted over the
 * tree; an empty result means nothing is carried over.
 */
export function verifyMemory(memory: ThreadMemory, index: CodeIndex, prompt: string): VerifiedMemory | undefined {
  const files = memory.files.filter((path) => index.getFile(path) !== undefined);
  const symbols = memory.symbols.filter((name) => index.findDefinitions(name.split('.').at(-1) ?? name, 1).length > 0);
  const dropped = memory.files.length - files.length + (memory.symbols.length - symbols.length);
  if (files.length === 0 && symbols.length === 0 && memory.since.length === 0) return undefined;
  const kept = { ...memory, files, symbols };
  return { memory: kept, dropped, strong: REFERS_BACK.test(prompt), text: renderThreadMemory(kept) };
}
