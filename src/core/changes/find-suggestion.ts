import { structuredPatch } from 'diff';
import type { ChangeResult } from './apply-change.js';
import { fence as fenceBlock } from '../render/markdown.js';

/** A replacement of lines `startLine..endLine` (1-based, inclusive, in the file before the change) a PR review can post. */
export interface Suggestion {
  path: string;
  startLine: number;
  endLine: number;
  replacement: string;
}

/**
 * When a patch changes one contiguous block of lines, the GitHub suggestion
 * that makes the same change; otherwise undefined (several blocks, file
 * operations, failed changes, a change of the final newline only). A pure
 * insertion is anchored on the neighbouring line, since a suggestion must
 * replace at least one line.
 */
export function findSuggestion(result: ChangeResult): Suggestion | undefined {
  if (!result.ok || result.change.kind !== 'patch' || result.before === undefined || result.after === undefined) return undefined;
  const { path } = result.change;
  const hunks = structuredPatch(path, path, result.before, result.after, undefined, undefined, { context: 0 }).hunks;
  const hunk = hunks.length === 1 ? hunks[0] : undefined;
  if (!hunk) return undefined;
  const removed = hunk.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
  const added = hunk.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1));
  if (removed.length > 0) {
    if (removed.join('\n') === added.join('\n')) return undefined;
    return { path, startLine: hunk.oldStart, endLine: hunk.oldStart + hunk.oldLines - 1, replacement: added.join('\n') };
  }
  // jsdiff gives a pure insertion's oldStart as the line it goes before.
  const beforeLines = result.before.replace(/\r?\n$/, '').split(/\r?\n/);
  if (result.before === '') return undefined;
  const next = beforeLines[hunk.oldStart - 1];
  if (next !== undefined) return { path, startLine: hunk.oldStart, endLine: hunk.oldStart, replacement: [...added, next].join('\n') };
  const last = beforeLines.length;
  return { path, startLine: last, endLine: last, replacement: [beforeLines[last - 1] ?? '', ...added].join('\n') };
}

/** The ```suggestion block of a review comment on `startLine..endLine`. */
export function renderSuggestion(suggestion: Suggestion): string {
  return fenceBlock(suggestion.replacement === '' ? '' : `${suggestion.replacement}\n`, 'suggestion');
}
