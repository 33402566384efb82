import { findLanguage, type LanguageId } from '../code-index/languages.js';
import { isRunnableTest, isTestFile } from '../repo/is-test-file.js';
import type { TestLayout } from '../tests/test-layout.js';
import { toSourceStem, toTestStem } from '../tests/test-stems.js';
import type { DiffFile } from './parse-diff.js';

export interface MissingTest {
  path: string;
  /** Test file names that would have counted, for the reader to act on. */
  lookedFor: string[];
}

const TEST_FOLDERS = new Set(['test', 'tests', 'spec', 'specs', '__tests__']);
const SOURCE_ROOTS = new Set(['src', 'lib', 'source', 'app', 'pkg']);

/**
 * Changed source files with no test change that plausibly covers them. A
 * changed (not deleted) test file covers a source file when
 * - its name, without test affixes, is the source's name (`foo.ts` and
 *   `foo.test.ts`, `test_foo.py`, `foo_test.go`, `FooTest.java`), anywhere; or
 * - it sits in the source's package folder: the same folder, a `__tests__`
 *   folder inside it, or the mirror under a test root (`src/a/b.ts` and
 *   `test/a/other.test.ts`).
 * Only code in a language nanodex parses counts as source; docs and config do
 * not need tests. Rust keeps unit tests inside the source file, so a Rust
 * file is never reported.
 */
export function findMissingTests(files: DiffFile[], layout?: TestLayout): MissingTest[] {
  const isTest = (path: string) => (layout ? layout.isTest(path) : isRunnableTest(path));
  const tests = files.filter((f) => f.status !== 'deleted' && isTest(f.path) && (f.additions + f.deletions > 0 || f.status === 'added'));
  const testStems = new Set(tests.map((t) => toTestStem(t.path)));
  const testFolders = new Set(tests.map((t) => toPackageFolder(t.path)));
  const missing: MissingTest[] = [];
  for (const file of files) {
    const language = findLanguage(file.path);
    if (!language || language === 'rust' || file.binary || file.status === 'deleted') continue;
    if (isTestFile(file.path) || file.path.endsWith('.d.ts') || file.additions + file.deletions === 0) continue;
    if (testStems.has(toSourceStem(file.path)) || testFolders.has(toPackageFolder(file.path))) continue;
    missing.push({ path: file.path, lookedFor: toExpectedTestNames(file.path, language) });
  }
  return missing;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function stripExtension(name: string): string {
  const dot = name.indexOf('.', 1);
  return dot < 0 ? name : name.slice(0, dot);
}

/** The folder a file belongs to, with test roots and source roots folded together. */
function toPackageFolder(path: string): string {
  const dirs = path.split('/').slice(0, -1);
  if (dirs.length > 0 && dirs[dirs.length - 1] === '__tests__') dirs.pop();
  if (dirs.length > 0 && (TEST_FOLDERS.has(dirs[0]!) || SOURCE_ROOTS.has(dirs[0]!))) dirs.shift();
  return dirs.join('/');
}

function toExpectedTestNames(path: string, language: LanguageId): string[] {
  const name = baseName(path);
  const stem = stripExtension(name);
  const ext = name.slice(stem.length + 1);
  switch (language) {
    case 'python': {
      // pytest's names drop a private module's underscore: httpx/_decoders.py is tested in tests/test_decoders.py.
      const bare = stem.replace(/^_+(?=[^_])/, '');
      return [`test_${bare}.py`, `${bare}_test.py`];
    }
    case 'go':
      return [`${stem}_test.go`];
    case 'java':
      return [`${stem}Test.java`];
    case 'csharp':
      return [`${stem}Tests.cs`];
    case 'ruby':
      return [`${stem}_spec.rb`, `test_${stem}.rb`];
    default:
      return [`${stem}.test.${ext}`, `${stem}.spec.${ext}`];
  }
}
