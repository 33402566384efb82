/**
 * Which commits make evaluation cases, and how a commit message becomes a
 * question. Pure functions: build-cases.ts feeds them git's output.
 */
import { findLanguage } from '../../src/core/code-index/languages.js';

/** Folders whose files are never the answer: tests, fixtures, docs, examples, benchmarks. */
const NON_SOURCE_DIRS = new Set([
  'test',
  'tests',
  '__tests__',
  'spec',
  'specs',
  'testdata',
  'test-data',
  'testing',
  'fixtures',
  'e2e',
  'bench',
  'benches',
  'benchmark',
  'benchmarks',
  'example',
  'examples',
  'doc',
  'docs',
  'scripts',
  'ci',
  '.github',
  'vendor',
  'third_party',
]);

const TEST_NAMES: RegExp[] = [
  /^test_.*\.py$/,
  /_tests?\.(py|go|rb|rs)$/,
  /^conftest\.py$/,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /Tests?\.java$/,
  /TestCase\.java$/,
  /_spec\.rb$/,
  /^setup\.py$/,
  /^build\.rs$/,
];

/** A file in a language nanodex parses that is not a test, fixture, doc, example or build script. */
export function isSourcePath(filePath: string): boolean {
  if (findLanguage(filePath) === undefined) return false;
  const segments = filePath.split('/');
  const base = segments[segments.length - 1] ?? '';
  if (segments.slice(0, -1).some((d) => NON_SOURCE_DIRS.has(d.toLowerCase()))) return false;
  return !TEST_NAMES.some((re) => re.test(base));
}

/** Subjects that describe no code change a question could ask about. */
const REJECTED_SUBJECTS: RegExp[] = [
  /^(merge|bump|release|revert|prepare|version|changelog|update changelog|chore\(release\)|chore\(deps\))\b/i,
  /^v?\d+(\.\d+)+\b/, // "2.31.0"
  /^[\w-]+[- ]v?\d+\.\d+(\.\d+)?$/, // "globset-0.4.20"
  /\b(typos?|spelling|whitespace|gofmt|rustfmt|cargo fmt|clippy|lint(er|ing)?|reformat|formatting)\b/i,
  /\bbump(ed|s)? (the )?version\b/i,
  /\bdependabot\b/i,
  /\[maven-release-plugin\]|\brelease\b.*\d+\.\d+/i,
  /^(update|upgrade)\b.*\b(plugin|dependenc(y|ies)|deps)\b/i, // dependency bumps that touch code
];

/** Trailer-like lines: "Signed-off-by: …", "Fixes #12", "Co-authored-by: …", "---------". */
const TRAILER =
  /^\s*((signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|cc|change-id|pr-url|pr-close|ref|refs|see-also)\s*:|(fix(es|ed)?|close[sd]?|resolve[sd]?|ref(s)?|see)\b\s*:?\s*(#\d+|https?:\/\/\S+)[\s,.]*$|-{3,}\s*$)/i;

/**
 * The commit message as a question: subject and body, without trailers,
 * PR numbers, issue links or whitespace runs. Capped at `maxChars`.
 */
export function toQuery(message: string, maxChars = 1500): string {
  const lines = message.split('\n').filter((line) => !TRAILER.test(line));
  const text = lines
    .join('\n')
    .replace(/\(#\d+\)/g, ' ')
    .replace(/https?:\/\/github\.com\/\S+\/(issues|pull)\/\d+\S*/g, ' ')
    .replace(/(^|\s)#\d+\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxChars ? text.slice(0, maxChars).replace(/\s\S*$/, '') : text;
}

/** Why a commit message disqualifies the commit, or undefined when it is a fair question. */
export function rejectMessage(message: string, author: string): string | undefined {
  const subject = (message.split('\n')[0] ?? '').trim();
  if (/\[bot\]|dependabot|renovate/i.test(author)) return 'bot';
  if (REJECTED_SUBJECTS.some((re) => re.test(subject))) return 'subject';
  const words = toQuery(message).match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length < 4) return 'short';
  return undefined;
}

export interface FileChange {
  status: string;
  path: string;
}

/**
 * The expected files of a commit, or why it is no case: every non-test
 * source file it touches must be a plain modification (status M: it exists
 * in the parent under the same name), and there must be 1-4 of them.
 */
export function expectedFiles(changes: FileChange[], maxFiles = 4): { files: string[] } | { reject: string } {
  const source = changes.filter((c) => isSourcePath(c.path));
  if (source.length === 0) return { reject: 'no-source' };
  if (source.some((c) => c.status !== 'M')) return { reject: 'adds-deletes-or-renames-source' };
  if (source.length > maxFiles) return { reject: 'too-many-files' };
  return { files: source.map((c) => c.path).sort() };
}
