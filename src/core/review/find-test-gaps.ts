import type { CodeIndex } from '../code-index/code-index.js';
import { findLanguage } from '../code-index/languages.js';
import { isTestFile } from '../repo/is-test-file.js';
import type { ChangedSymbol } from './find-changed-symbols.js';
import { findMissingTests } from './find-missing-tests.js';
import type { DiffFile } from './parse-diff.js';

export interface TestGap {
  path: string;
  /** Tests the index says reach this file (they import it, or call what changed); none of them changed. */
  reachedBy: string[];
}

export interface TestPlan {
  /** Changed source files no changed test reaches. */
  gaps: TestGap[];
  /** Test files that reach the changed code (changed ones first): what to run for this change. */
  testsToRun: string[];
}

/** Two hops of imports: a test importing a package entry that imports the file still reaches it. */
const IMPORT_DEPTH = 2;
const CALLER_DEPTH = 2;
const MAX_TESTS_LISTED = 15;

/**
 * Which tests reach the changed code, judged by the index rather than by
 * file names: a test reaches a source file when it imports it (directly or
 * through a package entry) or calls a symbol the change touched. A changed
 * source file is a gap only when no changed test reaches it, no added test
 * line names what changed (a new test the index has not seen), and no test
 * named or placed after it changed (the old conventions still count).
 * Only code nanodex parses counts; Rust keeps unit tests beside the code.
 */
export function findTestGaps(files: DiffFile[], changedSymbols: ChangedSymbol[], index: CodeIndex): TestPlan {
  const changedTests = files.filter((f) => f.status !== 'deleted' && isTestFile(f.path) && (f.additions + f.deletions > 0 || f.status === 'added'));
  const changedTestPaths = new Set(changedTests.map((t) => t.path));
  const addedText = changedTests.map((t) => t.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add').map((l) => l.text)).join('\n')).join('\n');
  const byConvention = new Set(findMissingTests(files).map((m) => m.path));
  const gaps: TestGap[] = [];
  const toRun = new Set<string>();
  for (const file of files) {
    if (!needsTests(file)) continue;
    const symbols = changedSymbols.filter((c) => c.symbol.path === file.path);
    const reaching = findReachingTests(file.path, symbols, index);
    for (const test of reaching) toRun.add(test);
    if (reaching.some((t) => changedTestPaths.has(t))) continue;
    if (namesWhatChanged(addedText, file.path, symbols)) continue;
    if (!byConvention.has(file.path)) continue;
    gaps.push({ path: file.path, reachedBy: reaching.slice(0, MAX_TESTS_LISTED) });
  }
  const ordered = [...changedTests.map((t) => t.path).filter((p) => toRun.has(p)), ...[...toRun].filter((p) => !changedTestPaths.has(p)).sort()];
  return { gaps, testsToRun: ordered.slice(0, MAX_TESTS_LISTED) };
}

function needsTests(file: DiffFile): boolean {
  const language = findLanguage(file.path);
  if (!language || language === 'rust' || file.binary || file.status === 'deleted') return false;
  return !isTestFile(file.path) && !file.path.endsWith('.d.ts') && file.additions + file.deletions > 0;
}

function findReachingTests(path: string, symbols: ChangedSymbol[], index: CodeIndex): string[] {
  const tests = new Set<string>();
  for (const hit of index.importers(path, IMPORT_DEPTH)) if (isTestFile(hit.path)) tests.add(hit.path);
  for (const changed of symbols) {
    for (const caller of index.callers(changed.symbol.id, CALLER_DEPTH)) if (isTestFile(caller.path)) tests.add(caller.path);
  }
  return [...tests].sort();
}

/** A new or changed test line that names a changed symbol, or imports the file's module by its name. */
function namesWhatChanged(addedText: string, path: string, symbols: ChangedSymbol[]): boolean {
  if (addedText === '') return false;
  const names = symbols.map((c) => c.symbol.name).filter((n) => n.length >= 4);
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const module = stem === '__init__' || stem === 'index' ? path.split('/').at(-2) ?? stem : stem;
  const words = [...names, ...(module.length >= 4 ? [module] : [])];
  return words.some((w) => new RegExp(`(?<![\\w$])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).test(addedText));
}
