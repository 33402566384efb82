export interface LineMatch {
  /** 1-based. */
  line: number;
  text: string;
}

/** A matched line longer than this is cut: one minified line must not fill a budget. */
const MAX_LINE_CHARS = 400;

/**
 * Lines that contain every word of `query`, case-insensitive, in file order,
 * at most `maxMatches`. Words are split on whitespace, so `parse url` finds
 * `parseUrl(`; an empty query matches nothing.
 */
export function searchLines(text: string, query: string, options: { maxMatches: number }): LineMatch[] {
  const { maxMatches } = options;
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0 || maxMatches <= 0) return [];
  const matches: LineMatch[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && matches.length < maxMatches; i++) {
    const line = lines[i] ?? '';
    const lower = line.toLowerCase();
    if (words.every((w) => lower.includes(w))) {
      matches.push({ line: i + 1, text: line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line });
    }
  }
  return matches;
}
