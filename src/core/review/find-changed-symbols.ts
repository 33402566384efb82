import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import type { DiffFile } from './parse-diff.js';

export interface ChangedSymbol {
  symbol: SymbolHit;
  /** `added` when the symbol is new: its file is, or the change added every line of it. */
  change: 'added' | 'modified';
  /** Changed new-side lines inside the symbol and none of its children. */
  changedLines: number;
}

/**
 * The symbols of the head index that a change touches. A line counts for
 * the innermost symbol around it, so a method change names the method, and
 * its class only when the class's own lines (fields, signature) changed. A
 * new file names its top-level symbols. Symbols removed by the change are
 * not in the head index and are not found here.
 */
export function findChangedSymbols(files: DiffFile[], index: CodeIndex): ChangedSymbol[] {
  const changed: ChangedSymbol[] = [];
  for (const file of files) {
    if (file.binary || file.status === 'deleted') continue;
    const symbols = index.symbolsIn(file.path);
    if (file.status === 'added') {
      const outermost = symbols.filter((s) => !symbols.some((o) => o !== s && contains(o, s)));
      changed.push(
        ...outermost.map((symbol) => ({ symbol, change: 'added' as const, changedLines: symbol.endLine - symbol.startLine + 1 })),
      );
      continue;
    }
    const counts = new Map<SymbolHit, number>();
    for (const { line, alsoInside, orElse } of findTouchedLines(file)) {
      const around = alsoInside === undefined ? symbols : symbols.filter((s) => s.startLine <= alsoInside && s.endLine >= alsoInside);
      const inner = findInnermost(around, line) ?? (orElse === undefined ? undefined : findInnermost(symbols, orElse));
      // A function local to another (a helper arrow inside a method) is reached only through it: name the outer one.
      const owner =
        inner &&
        symbols
          .filter((o) => o !== inner && contains(o, inner) && /function|method/.test(o.kind))
          .sort((a, b) => b.endLine - b.startLine - (a.endLine - a.startLine))[0];
      const named = owner ?? inner;
      if (named) counts.set(named, (counts.get(named) ?? 0) + 1);
    }
    // A symbol every line of which the change added is new, not modified (a function added to an existing file).
    const added = new Set(file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add').map((l) => l.newLine!)));
    const isNew = (s: SymbolHit) =>
      Array.from({ length: s.endLine - s.startLine + 1 }, (_, i) => s.startLine + i).every((n) => added.has(n));
    for (const [symbol, changedLines] of counts) changed.push({ symbol, change: isNew(symbol) ? 'added' : 'modified', changedLines });
  }
  return changed;
}

export interface TouchedLine {
  line: number;
  /**
   * Set for a deletion of top-level code (its first line starts at column 0: a function, a class, an import):
   * the other new-side neighbour of the gap it left. Only a symbol holding both neighbours contains the
   * deletion; a function removed after a class's closing brace is not a change of that class.
   */
  alsoInside?: number;
  /** For an indented deletion: the line before the gap, when no symbol holds `line` (Python's last statement removed). */
  orElse?: number;
}

/**
 * New-side lines a change touches: every added line, and for a run of
 * deleted lines the new-side line that now stands where they were (the next
 * one, or the previous one at the end of a hunk).
 */
export function findTouchedLines(file: DiffFile): TouchedLine[] {
  const touched = new Map<number, TouchedLine>();
  const touch = (line: number, extra: Omit<TouchedLine, 'line'> = {}) => {
    const known = touched.get(line);
    if (!known || (known.alsoInside !== undefined && extra.alsoInside === undefined)) touched.set(line, { line, ...extra });
  };
  const afterDeletion = (deleted: string, line: number, other: number) =>
    touch(line, isTopLevel(deleted) ? { alsoInside: other } : other < line && other > 0 ? { orElse: other } : {});
  for (const hunk of file.hunks) {
    let previous: number | undefined;
    let deleted: string | undefined;
    for (const line of hunk.lines) {
      if (line.kind === 'del') {
        if (deleted === undefined || deleted.trim() === '') deleted = line.text;
        continue;
      }
      const at = line.newLine!;
      if (line.kind === 'add') touch(at);
      else if (deleted !== undefined) afterDeletion(deleted, at, at - 1);
      deleted = undefined;
      previous = at;
    }
    if (deleted !== undefined) {
      const at = previous ?? hunk.newStart;
      if (at > 0) afterDeletion(deleted, at, at + 1);
    }
  }
  return [...touched.values()].sort((a, b) => a.line - b.line);
}

/** The first non-blank line of a deletion starts at column 0. */
function isTopLevel(firstDeleted: string): boolean {
  return firstDeleted.trim() !== '' && !/^\s/.test(firstDeleted);
}

function findInnermost(symbols: SymbolHit[], line: number): SymbolHit | undefined {
  let best: SymbolHit | undefined;
  for (const s of symbols) {
    if (s.startLine > line || s.endLine < line) continue;
    if (!best || s.endLine - s.startLine < best.endLine - best.startLine) best = s;
  }
  return best;
}

function contains(outer: SymbolHit, inner: SymbolHit): boolean {
  return (
    outer.startLine <= inner.startLine &&
    outer.endLine >= inner.endLine &&
    (outer.startLine !== inner.startLine || outer.endLine !== inner.endLine || outer.id < inner.id)
  );
}
