import { readGitDiff } from './read-git-diff.js';
import { hasTrackedEdits, snapshotCommit } from './snapshot-commit.js';

/** A change to review, and where its head commit's own files are to be read from. */
export interface ChangeAtHead {
  diff: string;
  baseSha: string;
  headSha: string;
  /**
   * Set when the checkout is not the head commit as committed (another commit
   * is checked out, or tracked files are edited): the commit's files in a
   * temporary folder with an index file beside them. The caller removes it.
   */
  snapshot?: { dir: string; indexFile: string; remove: () => Promise<void>; reason: string };
}

/**
 * `git diff base...head` in `root`, and the head commit's files: a review
 * cites and follows the head's lines, so when the checkout is anything else
 * the commit is read from a snapshot of its files (what `nanodex review` and
 * the MCP server's `review_diff` both do).
 */
export async function readChangeAtHead(root: string, base: string, head: string): Promise<ChangeAtHead> {
  const { diff, baseSha, headSha, checkedOut } = await readGitDiff(root, base, head);
  if (checkedOut === headSha && !(await hasTrackedEdits(root))) return { diff, baseSha, headSha };
  const reason = checkedOut === headSha ? 'the checkout has local edits' : 'the checkout is not the head commit';
  return { diff, baseSha, headSha, snapshot: { ...(await snapshotCommit(root, headSha)), reason } };
}
