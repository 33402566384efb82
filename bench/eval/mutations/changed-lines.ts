/**
 * The head lines a `git diff -U0` adds, per path, and the lines it touches
 * (added lines, and the lines either side of a pure deletion): a definition
 * that overlaps what the real commit touched is not chosen as a target.
 */
export function parseChangedLines(diff: string): { added: Map<string, Set<number>>; touched: Map<string, Set<number>> } {
  const added = new Map<string, Set<number>>();
  const touched = new Map<string, Set<number>>();
  let path: string | undefined;
  const put = (map: Map<string, Set<number>>, line: number) => {
    if (path === undefined) return;
    if (!map.has(path)) map.set(path, new Set());
    map.get(path)!.add(line);
  };
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) path = line === '+++ /dev/null' ? undefined : line.slice(6);
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    for (let l = start; l < start + count; l += 1) {
      put(added, l);
      put(touched, l);
    }
    if (count === 0) {
      put(touched, start);
      put(touched, start + 1);
    }
  }
  return { added, touched };
}
