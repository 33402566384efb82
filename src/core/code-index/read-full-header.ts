/** Lines read for one header: past this a definition's parameters are not compared. */
const MAX_HEADER_LINES = 60;

/**
 * A callable's whole header as written (decorators left out), whitespace
 * collapsed: from its first line to where the parameters close and the body
 * opens (`:` in Python, `{` or `=>` elsewhere). The index keeps only the first
 * three lines of a signature, and a parameter added on the fifth line of
 * `def stream(\n    method,\n    url,\n    *,\n …)` changes the definition all
 * the same. Undefined when the header does not close within its lines.
 */
export function readFullHeader(lines: readonly string[], symbol: { startLine: number; endLine: number }): string | undefined {
  const out: string[] = [];
  let depth = 0;
  let opened = false;
  const last = Math.min(symbol.endLine, symbol.startLine + MAX_HEADER_LINES, lines.length);
  for (let i = symbol.startLine - 1; i < last; i += 1) {
    const line = lines[i] ?? '';
    if (out.length === 0 && /^\s*@/.test(line)) continue;
    out.push(line);
    for (const ch of withoutStrings(line)) {
      if (ch === '(' || ch === '[') {
        depth += 1;
        opened = true;
      } else if (ch === ')' || ch === ']') depth -= 1;
    }
    if (opened && depth <= 0) return out.join(' ').replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** The line without its string literals and trailing comment: brackets inside them do not count. */
function withoutStrings(line: string): string {
  return line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""').replace(/(?:#|\/\/).*$/, '');
}
