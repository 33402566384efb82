import type { DiffFile } from './parse-diff.js';

export interface MovedBlock {
  from: { path: string; startLine: number; endLine: number };
  to: { path: string; startLine: number; endLine: number };
  /** Non-blank lines that match, whitespace aside. */
  lines: number;
  /** Same file and hunk, only the indentation changed (code wrapped in or out of a block). */
  reindented: boolean;
}

/** A block is reported from this many non-blank lines, of which MIN_SUBSTANTIAL carry real code. */
export const MIN_MOVED_LINES = 5;
const MIN_SUBSTANTIAL = 3;
/** Lines shorter than this, whitespace removed (`}`, `end`, `pass`, `});`), never start a match. */
const SUBSTANTIAL_CHARS = 8;
/** A diff with more changed lines than this is not searched for moves (quadratic at worst). */
const MAX_LINES = 40_000;
const MAX_CANDIDATES = 64;

interface Side {
  path: string;
  hunk: number;
  line: number;
  norm: string;
  indent: string;
  /** A non-blank context line sits between this line and the previous one of its kind in the hunk. */
  afterContext: boolean;
}

/**
 * Lines deleted in one place and added in another, compared without
 * whitespace: blocks of at least MIN_MOVED_LINES non-blank lines, within a
 * file or across files. Each deleted and added line belongs to one block at
 * most; the longest match is taken first at each added line. A block is exact,
 * as `git diff -w` sees it: its lines before and after are the same, whitespace
 * and blank lines aside, so any other line inside either range ends it.
 */
export function findMovedBlocks(files: DiffFile[]): MovedBlock[] {
  const deleted = collect(files, 'del');
  const added = collect(files, 'add');
  if (deleted.length + added.length > MAX_LINES || deleted.length === 0 || added.length === 0) return [];
  const byText = new Map<string, number[]>();
  deleted.forEach((d, j) => {
    if (d.norm.length < SUBSTANTIAL_CHARS) return;
    const at = byText.get(d.norm) ?? [];
    if (at.length < MAX_CANDIDATES) at.push(j);
    byText.set(d.norm, at);
  });
  const usedDeleted = new Set<number>();
  const blocks: MovedBlock[] = [];
  let i = 0;
  while (i < added.length) {
    let best = { j: -1, length: 0, substantial: 0 };
    for (const j of byText.get(added[i]!.norm) ?? []) {
      if (usedDeleted.has(j)) continue;
      let length = 0;
      let substantial = 0;
      while (i + length < added.length && j + length < deleted.length) {
        const a = added[i + length]!;
        const d = deleted[j + length]!;
        if (usedDeleted.has(j + length) || a.norm !== d.norm || !sameRun(added, i, i + length) || !sameRun(deleted, j, j + length)) break;
        // An unchanged line inside the range sits on one side only (git pairs it elsewhere): the block is not whole.
        if (length > 0 && (a.afterContext || d.afterContext)) break;
        if (a.norm.length >= SUBSTANTIAL_CHARS) substantial += 1;
        length += 1;
      }
      if (length > best.length) best = { j, length, substantial };
    }
    if (best.length >= MIN_MOVED_LINES && best.substantial >= MIN_SUBSTANTIAL) {
      const first = added[i]!;
      const last = added[i + best.length - 1]!;
      const from = deleted[best.j]!;
      const fromLast = deleted[best.j + best.length - 1]!;
      for (let k = 0; k < best.length; k += 1) usedDeleted.add(best.j + k);
      blocks.push({
        from: { path: from.path, startLine: from.line, endLine: fromLast.line },
        to: { path: first.path, startLine: first.line, endLine: last.line },
        lines: best.length,
        reindented: from.path === first.path && from.hunk === first.hunk && from.indent !== first.indent,
      });
      i += best.length;
    } else {
      i += 1;
    }
  }
  return blocks;
}

/** Matches stay within one file and one hunk on each side, so a block is a place in the code. */
function sameRun(side: Side[], start: number, at: number): boolean {
  return side[at]!.path === side[start]!.path && side[at]!.hunk === side[start]!.hunk;
}

function collect(files: DiffFile[], kind: 'add' | 'del'): Side[] {
  const out: Side[] = [];
  for (const file of files) {
    if (file.binary) continue;
    const path = kind === 'del' ? (file.oldPath ?? file.path) : file.path;
    file.hunks.forEach((hunk, h) => {
      let afterContext = false;
      for (const line of hunk.lines) {
        const norm = line.text.replace(/\s+/g, '');
        if (line.kind === 'context' && norm !== '') afterContext = true;
        if (line.kind !== kind || norm === '') continue;
        out.push({
          path,
          // The file's identity keeps hunks of different files apart even under one path (a rename's two sides).
          hunk: h,
          line: (kind === 'del' ? line.oldLine : line.newLine) ?? 0,
          norm,
          indent: /^\s*/.exec(line.text)![0],
          afterContext,
        });
        afterContext = false;
      }
    });
  }
  return out;
}
