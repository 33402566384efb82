import { parseFile } from '../code-index/parse-file.js';
import { findLanguage } from '../code-index/languages.js';
import { compareSymbols, type SymbolChange } from './compare-symbols.js';
import { findMovedBlocks, type MovedBlock } from './find-moved-blocks.js';
import type { DiffFile, DiffStatus } from './parse-diff.js';
import { reconstructBase } from './reconstruct-base.js';
import type { ChangeFlow } from './build-change-flow.js';
import type { ReviewEffort } from './review-effort.js';
import { isGeneratedOrVendored } from '../repo/classify-file.js';
import { isTestFile } from '../repo/is-test-file.js';

export interface WalkthroughFile {
  path: string;
  oldPath?: string;
  status: DiffStatus;
  additions: number;
  deletions: number;
  /** Signature, visibility and removal changes from the parse before and after (of a test file, removals only); empty when not compared. */
  symbolChanges: SymbolChange[];
  /** Why the declarations were not compared (no grammar, binary, build output or vendored, the content read is not the head's). */
  notCompared?: 'no grammar' | 'binary' | 'generated or vendored' | 'head content differs from the diff' | 'unreadable' | 'too large';
}

export interface Walkthrough {
  files: WalkthroughFile[];
  moved: MovedBlock[];
  /** How much reviewing the change asks for, with its reasons (set by reviewOffline: it reads history and findings too). */
  effort?: ReviewEffort;
  /** The changed call path, for a change over two or more files with at least one call between its symbols. */
  flow?: ChangeFlow;
  /** Why a flow that was drawn is not shown (its Mermaid did not parse). */
  flowLeftOut?: string;
}

/** Files larger than this are not parsed twice for the walkthrough. */
const MAX_COMPARED_BYTES = 1_000_000;

/**
 * What the diff does, from its structure: per file its size and the
 * declarations whose signature or visibility changed or that were removed
 * (each side parsed with the index's tree-sitter grammars: the head as read
 * through `readHead`, the base rebuilt from it and the diff), and the blocks
 * that moved. A file whose head content does not match the diff is named,
 * not guessed at.
 */
export async function buildWalkthrough(files: DiffFile[], readHead: (path: string) => Promise<string>): Promise<Walkthrough> {
  const out: WalkthroughFile[] = [];
  for (const file of files) {
    const entry: WalkthroughFile = {
      path: file.path,
      ...(file.oldPath ? { oldPath: file.oldPath } : {}),
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      symbolChanges: [],
    };
    out.push(entry);
    if (file.binary) {
      entry.notCompared = 'binary';
      continue;
    }
    if (file.status === 'added' || file.status === 'deleted' || file.hunks.length === 0) continue;
    // A bundle's or a vendored copy's declarations are its sources' (classify-file.ts): their changes are listed there.
    if (isGeneratedOrVendored(file.path)) {
      entry.notCompared = 'generated or vendored';
      continue;
    }
    // Test code is not an interface: a renamed or re-typed test is not a signature change anyone calls; only a
    // test that is gone is worth a line (a reviewer wants to know the change deletes tests).
    const testFile = isTestFile(file.path);
    if (!findLanguage(file.path) || !findLanguage(file.oldPath ?? file.path)) {
      if (!testFile) entry.notCompared = 'no grammar';
      continue;
    }
    let head: string;
    try {
      head = await readHead(file.path);
    } catch {
      if (!testFile) entry.notCompared = 'unreadable';
      continue;
    }
    if (head.length > MAX_COMPARED_BYTES) {
      if (!testFile) entry.notCompared = 'too large';
      continue;
    }
    const base = reconstructBase(file, head);
    if (base === undefined) {
      if (!testFile) entry.notCompared = 'head content differs from the diff';
      continue;
    }
    const encode = (text: string) => new TextEncoder().encode(text);
    const [before, after] = await Promise.all([parseFile(file.oldPath ?? file.path, encode(base)), parseFile(file.path, encode(head))]);
    const changes = compareSymbols(file.path, before.symbols, after.symbols, { before: base, after: head });
    entry.symbolChanges = testFile ? changes.filter((c) => c.kind === 'removed') : changes;
  }
  const moved = findMovedBlocks(files.filter((f) => !isGeneratedOrVendored(f.path) && !isGeneratedOrVendored(f.oldPath ?? f.path)));
  // A symbol "removed" from one file and found in a block moved elsewhere moved, it was not removed.
  for (const entry of out) {
    entry.symbolChanges = entry.symbolChanges.filter(
      (c) =>
        c.kind !== 'removed' ||
        !moved.some((m) => m.from.path === (entry.oldPath ?? entry.path) && m.from.startLine <= c.line && c.line <= m.from.endLine),
    );
  }
  return { files: out, moved };
}
