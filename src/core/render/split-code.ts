/** A fenced block: opened at a line start (up to 3 spaces in), closed by the same fence on its own line, or running to the end. */
const FENCE = /(^|\n)( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\3[`~]*[ \t]*(?=\n|$)|$)/y;
/** Where a blank line starts: a code span cannot cross one (CommonMark ends the paragraph there). */
const BLANK_LINE = /\n(?=[ \t]*\n)/g;

/**
 * Splits Markdown into code (fenced blocks, inline spans) and prose, in order.
 * A span opens at a run of backticks and closes at the next run of exactly
 * as many, with at least one character between and no blank line. Spans
 * are found through an index of runs by length, not by rescanning from each
 * opening: with a rescan, a 64 KB comment of unclosed runs of distinct
 * lengths took 3 s (found by npm run fuzz); this is linear.
 */
export function splitCode(text: string): { text: string; isCode: boolean }[] {
  const parts: { text: string; isCode: boolean }[] = [];
  const runs = indexBacktickRuns(text);
  const blanks = [...text.matchAll(BLANK_LINE)].map((m) => m.index);
  let last = 0;
  const code = (start: number, end: number): void => {
    if (start > last) parts.push({ text: text.slice(last, start), isCode: false });
    parts.push({ text: text.slice(start, end), isCode: true });
    last = end;
  };
  for (let i = 0; i < text.length;) {
    if (i === 0 || text[i] === '\n') {
      FENCE.lastIndex = i;
      const fence = FENCE.exec(text);
      if (fence !== null) {
        code(i + (fence[1] ?? '').length, i + fence[0].length);
        i = last;
        continue;
      }
    }
    const runEnd = runs.endAt[i] ?? 0;
    if (runEnd > i) {
      // Also from inside a run: its tail may be closed where the whole run is not.
      const closer = findCloser(runs.startsByLength.get(runEnd - i), runEnd, blanks);
      if (closer !== undefined) {
        code(i, closer + runEnd - i);
        i = last;
        continue;
      }
    }
    i += 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isCode: false });
  return parts;
}

/** For each backtick, where its run ends; for each run length, where whole runs of that length start (ascending). */
function indexBacktickRuns(text: string): { endAt: Int32Array; startsByLength: Map<number, number[]> } {
  const endAt = new Int32Array(text.length);
  const startsByLength = new Map<number, number[]>();
  for (let i = 0; i < text.length;) {
    if (text[i] !== '`') {
      i += 1;
      continue;
    }
    let end = i;
    while (text[end] === '`') end += 1;
    for (let k = i; k < end; k += 1) endAt[k] = end;
    const starts = startsByLength.get(end - i) ?? [];
    starts.push(i);
    startsByLength.set(end - i, starts);
    i = end;
  }
  return { endAt, startsByLength };
}

/** The first whole run of the opener's length after it, with content between and no blank line before it. */
function findCloser(starts: readonly number[] | undefined, openerEnd: number, blanks: readonly number[]): number | undefined {
  if (starts === undefined) return undefined;
  const closer = starts[firstAtLeast(starts, openerEnd + 1)];
  if (closer === undefined) return undefined;
  const blank = blanks[firstAtLeast(blanks, openerEnd)];
  // The content may run up to the character before the closer; a blank line may not start before that character.
  return blank === undefined || closer <= blank + 1 ? closer : undefined;
}

/** Index of the first item >= value in an ascending list (its length when there is none). */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
