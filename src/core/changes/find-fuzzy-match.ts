/**
 * Past this many line comparisons (file lines x search lines) fuzzy matching
 * gives up instead of stalling a run: a 5,000-line file against a 40-line block.
 */
const MAX_LINE_COMPARISONS = 200_000;
/**
 * And past this many edit-distance cells (the product of the two lines'
 * lengths, summed over every comparison): about 0.2 s here. Counting lines
 * alone let one 2,000-character line against a 100,000-character search
 * take 12 s (found by npm run fuzz), and a 5,000-line file against a
 * 40-line block took 3 s; minified files and model output make both likely.
 */
const MAX_CHARACTER_COMPARISONS = 50_000_000;

export type FuzzyMatch =
  { found: true; start: number; end: number; startLine: number; endLine: number; confidence: number } | { found: false; reason: string };

/**
 * Finds the window of lines in `text` most similar to `search` (same number
 * of lines), the way Aider and Cline fall back when a model's search text is
 * slightly off. Lines are compared with whitespace runs collapsed; similarity
 * is 1 - (edit distance / length) summed over the window, so long lines weigh
 * more than short ones. Returns character offsets to replace: whole lines,
 * with the last line's newline included only when `search` ends with one.
 */
export function findFuzzyMatch(text: string, search: string, threshold: number): FuzzyMatch {
  const wanted = splitLines(search.replace(/\r?\n$/, '')).map((l) => normaliseLine(l.text));
  const lines = splitLines(text);
  const n = wanted.length;
  if (lines.length < n) return { found: false, reason: `the file has fewer lines (${lines.length}) than the search text (${n})` };
  if (lines.length * n > MAX_LINE_COMPARISONS) return { found: false, reason: 'the file is too large for fuzzy matching' };
  const normalised = lines.map((l) => normaliseLine(l.text));
  if (countCells(normalised, wanted) > MAX_CHARACTER_COMPARISONS) {
    return { found: false, reason: 'the file and the search text are too long to compare fuzzily' };
  }
  let best = { index: -1, confidence: -1 };
  let ties = 0;
  for (let s = 0; s + n <= lines.length; s += 1) {
    let distance = 0;
    let length = 0;
    for (let k = 0; k < n; k += 1) {
      const a = normalised[s + k] ?? '';
      const b = wanted[k] ?? '';
      distance += levenshtein(a, b);
      length += Math.max(a.length, b.length);
    }
    const confidence = length === 0 ? 1 : 1 - distance / length;
    if (confidence > best.confidence) {
      best = { index: s, confidence };
      ties = 0;
    } else if (confidence === best.confidence) {
      ties += 1;
    }
  }
  const confidence = Math.round(best.confidence * 1000) / 1000;
  if (best.confidence < threshold) {
    return {
      found: false,
      reason: `the closest lines are only ${Math.round(confidence * 100)}% similar (threshold ${Math.round(threshold * 100)}%)`,
    };
  }
  if (ties > 0)
    return { found: false, reason: `${ties + 1} places match equally well (${Math.round(confidence * 100)}%), so the target is ambiguous` };
  const first = lines[best.index];
  const last = lines[best.index + n - 1];
  if (!first || !last) return { found: false, reason: 'no lines to match' };
  const end = /\r?\n$/.test(search) ? last.end + last.newline.length : last.end;
  return { found: true, start: first.start, end, startLine: best.index + 1, endLine: best.index + n, confidence };
}

interface Line {
  text: string;
  start: number;
  end: number;
  newline: string;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  const re = /\r?\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ text: text.slice(start, m.index), start, end: m.index, newline: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length || out.length === 0) out.push({ text: text.slice(start), start, end: text.length, newline: '' });
  return out;
}

function normaliseLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/** The edit-distance cells every window would cost: the bound is checked before any is computed. */
function countCells(lines: readonly string[], wanted: readonly string[]): number {
  let cells = 0;
  for (let s = 0; s + wanted.length <= lines.length; s += 1) {
    for (let k = 0; k < wanted.length; k += 1) cells += (lines[s + k]?.length ?? 0) * (wanted[k]?.length ?? 0);
    if (cells > MAX_CHARACTER_COMPARISONS) return cells;
  }
  return cells;
}

/** Edit distance with two rows of typed arrays (several times faster than growing plain arrays). */
function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
