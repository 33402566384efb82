import type { CodeIndex } from '../code-index/code-index.js';
import { classifyFile } from '../repo/classify-file.js';
import { findPathSkipReason } from '../repo/skip-rules.js';
import type { DiffFile } from './parse-diff.js';

export type ReceiptSkipReason =
  'binary' | 'deleted' | 'no-text-change' | 'secret' | 'vendored' | 'generated' | 'too-large' | 'over-total-cap' | 'not-in-index';

export interface CoverageReceipt {
  reviewed: { path: string; additions: number; deletions: number }[];
  skipped: { path: string; reason: ReceiptSkipReason; detail: string }[];
  /** Whether the index was built from the head commit; undefined when the index does not know its commit. */
  indexAtHead: boolean | undefined;
}

/**
 * Past this many changed lines a file is rewritten or generated, and line
 * comments on it help nobody (GitHub itself collapses diffs this size).
 */
export const MAX_CHANGED_LINES_PER_FILE = 1_500;
/** Changed lines reviewed per pull request; the rest is named, not silently dropped. */
export const MAX_CHANGED_LINES_TOTAL = 10_000;

/**
 * Which files of the diff the review reads, and for the others, why not.
 * Files are taken in diff order until the total cap. A deleted file has no
 * new side to comment on; secrets are never read; a file the index does not
 * know has no symbols or callers to report, so its review would be partial.
 */
export function buildCoverageReceipt(
  files: DiffFile[],
  options: { index: CodeIndex; head?: string; maxLinesPerFile?: number; maxLinesTotal?: number },
): CoverageReceipt {
  const perFile = options.maxLinesPerFile ?? MAX_CHANGED_LINES_PER_FILE;
  const totalCap = options.maxLinesTotal ?? MAX_CHANGED_LINES_TOTAL;
  const receipt: CoverageReceipt = { reviewed: [], skipped: [], indexAtHead: undefined };
  const indexSha = options.index.headSha();
  if (indexSha !== undefined && options.head !== undefined)
    receipt.indexAtHead = indexSha.startsWith(options.head) || options.head.startsWith(indexSha);
  let total = 0;
  for (const file of files) {
    const changed = file.additions + file.deletions;
    const skip = (reason: ReceiptSkipReason, detail: string) => receipt.skipped.push({ path: file.path, reason, detail });
    const pathReason = findPathSkipReason(file.path);
    // What the file is, by the one rule (classify-file.ts) and what the index saw of it: a committed bundle is
    // not reviewed line by line, asked for tests or read for changed symbols.
    const indexed = options.index.getFile(file.path);
    const { kind, unread } = classifyFile(file.path, indexed);
    if (file.binary) skip('binary', 'binary file');
    else if (file.status === 'deleted') skip('deleted', `deleted, ${changed} lines removed`);
    else if (pathReason === 'secret') skip('secret', 'secret-bearing file name: not read');
    else if (kind === 'vendored') skip('vendored', 'third-party code');
    else if (kind === 'generated') skip('generated', unread ? 'generated or lock file' : 'build output or generated code');
    else if (pathReason === 'binary') skip('binary', 'binary by extension');
    else if (file.hunks.length === 0)
      skip(
        'no-text-change',
        file.status === 'renamed'
          ? `renamed from ${file.oldPath ?? '?'} without changes`
          : 'no line changes: a mode change or an empty file',
      );
    else if (changed > perFile) skip('too-large', `${changed} changed lines, over ${perFile} per file`);
    else if (total + changed > totalCap) skip('over-total-cap', `${changed} changed lines past the ${totalCap}-line review cap`);
    else if (!indexed) skip('not-in-index', 'not in the code index');
    else {
      total += changed;
      receipt.reviewed.push({ path: file.path, additions: file.additions, deletions: file.deletions });
    }
  }
  return receipt;
}
