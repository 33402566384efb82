import { parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import { NanodexError } from '../errors.js';
import { parseRepoPath } from '../repo/repo-path.js';

export type DiffStatus = 'added' | 'modified' | 'deleted' | 'renamed';

export interface DiffLine {
  kind: 'add' | 'del' | 'context';
  text: string;
  oldLine?: number;
  newLine?: number;
}

export interface Hunk {
  /** As in the `@@` header: a side with no lines names the line before the change (0 at the top). */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The `@@ -a,b +c,d @@ section` line. */
  header: string;
  lines: DiffLine[];
}

export interface DiffFile {
  /** The new path; the old path for a deletion. */
  path: string;
  /** Set for renames and copies. */
  oldPath?: string;
  status: DiffStatus;
  binary: boolean;
  hunks: Hunk[];
  additions: number;
  deletions: number;
}

/** A parsed patch with jsdiff's git fields, which its exported type leaves out. */
type GitPatch = StructuredPatch & { isBinary?: boolean };

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@.*$/gm;

/**
 * Parses `git diff base..head` output or GitHub's `.diff` media type (the same
 * format). jsdiff reads the git dialect (renames, copies, modes, binary
 * markers, quoted names); this adds line numbers, statuses and path checks.
 * A diff is untrusted input: every path passes parseRepoPath, so a `..` path
 * throws PathRejectedError instead of being used.
 */
export function parseDiff(text: string): DiffFile[] {
  let patches: GitPatch[];
  try {
    patches = parsePatch(text.replace(/\r\n/g, '\n')) as GitPatch[];
  } catch (error) {
    throw new NanodexError('diff-unreadable', `the diff could not be parsed: ${error instanceof Error ? error.message : String(error)}`, {
      hint: "pass the output of `git diff base..head` or GitHub's .diff media type unchanged",
      cause: error,
    });
  }
  const headers = [...text.matchAll(HUNK_HEADER)].map((m) => m[0].trimEnd());
  const hunkCount = patches.reduce((n, p) => n + p.hunks.length, 0);
  // jsdiff drops the section heading after `@@ ... @@`; take the raw lines when they line up one to one.
  const takeHeader = headers.length === hunkCount ? () => headers.shift()! : undefined;
  return patches.filter((p) => p.oldFileName !== undefined || p.newFileName !== undefined).map((p) => toDiffFile(p, takeHeader));
}

function toDiffFile(patch: GitPatch, takeHeader: (() => string) | undefined): DiffFile {
  const oldName = stripPrefix(patch.oldFileName, 'a/', patch.isGit);
  const newName = stripPrefix(patch.newFileName, 'b/', patch.isGit);
  const status: DiffStatus =
    patch.isCreate || patch.isCopy || (oldName === undefined && newName !== undefined)
      ? 'added'
      : patch.isDelete || newName === undefined
        ? 'deleted'
        : patch.isRename || oldName !== newName
          ? 'renamed'
          : 'modified';
  const path = parseRepoPath(status === 'deleted' ? oldName : newName);
  const hunks = patch.hunks.map((h) => toHunk(h, takeHeader));
  const count = (kind: DiffLine['kind']) => hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === kind).length, 0);
  const file: DiffFile = { path, status, binary: patch.isBinary === true, hunks, additions: count('add'), deletions: count('del') };
  if ((status === 'renamed' || patch.isCopy) && oldName !== undefined) file.oldPath = parseRepoPath(oldName);
  return file;
}

function stripPrefix(name: string | undefined, prefix: string, isGit: boolean | undefined): string | undefined {
  if (name === undefined || name === '/dev/null') return undefined;
  // Plain `diff -u` output has no a/ b/ prefixes; git's always does (GitHub's too).
  return isGit && name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function toHunk(h: StructuredPatchHunk, takeHeader: (() => string) | undefined): Hunk {
  // jsdiff moves an empty side's start one line down; git's header numbering is what people read.
  const oldStart = h.oldLines === 0 ? h.oldStart - 1 : h.oldStart;
  const newStart = h.newLines === 0 ? h.newStart - 1 : h.newStart;
  let oldLine = h.oldStart;
  let newLine = h.newStart;
  const lines: DiffLine[] = [];
  for (const raw of h.lines) {
    const sign = raw[0];
    const text = raw.slice(1);
    if (sign === '+') lines.push({ kind: 'add', text, newLine: newLine++ });
    else if (sign === '-') lines.push({ kind: 'del', text, oldLine: oldLine++ });
    else if (sign === '\\')
      continue; // "\ No newline at end of file" describes the line before it.
    else lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
  }
  const fallback = `@@ -${oldStart},${h.oldLines} +${newStart},${h.newLines} @@`;
  return { oldStart, oldLines: h.oldLines, newStart, newLines: h.newLines, header: takeHeader?.() ?? fallback, lines };
}
