import type { DiffFile } from './parse-diff.js';

/**
 * A changed file's content before the change, rebuilt from its content after
 * it and the diff (each hunk's new side swapped back for its old side), so
 * no front needs to fetch the base commit. Undefined when the content given
 * is not the diff's new side (the file was read from another commit, or the
 * working tree has edits): nothing read from it would be right at the head.
 */
export function reconstructBase(file: DiffFile, headContent: string): string | undefined {
  if (file.status === 'added') return '';
  if (file.status === 'deleted') {
    return file.hunks.flatMap((h) => h.lines.filter((l) => l.kind !== 'add').map((l) => l.text)).join('\n') + '\n';
  }
  const lines = headContent.split('\n');
  // Last hunk first, so earlier line numbers still hold while replacing.
  for (const hunk of [...file.hunks].sort((a, b) => b.newStart - a.newStart)) {
    const newSide = hunk.lines.filter((l) => l.kind !== 'del').map((l) => l.text);
    const oldSide = hunk.lines.filter((l) => l.kind !== 'add').map((l) => l.text);
    // An empty new side names the line before the change (0 at the top of the file).
    const at = hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1;
    if (at < 0 || at + newSide.length > lines.length) return undefined;
    for (let i = 0; i < newSide.length; i += 1) if (lines[at + i] !== newSide[i]) return undefined;
    lines.splice(at, newSide.length, ...oldSide);
  }
  return lines.join('\n');
}

/** Whether `content` is the diff's new side of `file` at every changed line (the file as the head commit has it). */
export function matchesNewSide(file: DiffFile, content: string): boolean {
  return reconstructBase(file, content) !== undefined;
}
