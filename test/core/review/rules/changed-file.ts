import type { DiffFile } from '../../../../src/core/review/parse-diff.js';

/** A file at the head as one hunk: the lines numbered in `added` are new, the rest unchanged context. */
export function changedFile(path: string, text: string, added: number[]): DiffFile {
  const lines = text.split('\n');
  return {
    path,
    status: 'modified',
    binary: false,
    additions: added.length,
    deletions: 0,
    hunks: [
      {
        oldStart: 1,
        oldLines: lines.length - added.length,
        newStart: 1,
        newLines: lines.length,
        header: `@@ -1,${lines.length - added.length} +1,${lines.length} @@`,
        lines: lines.map((line, i) =>
          added.includes(i + 1)
            ? { kind: 'add' as const, text: line, newLine: i + 1 }
            : { kind: 'context' as const, text: line, newLine: i + 1 },
        ),
      },
    ],
  };
}
