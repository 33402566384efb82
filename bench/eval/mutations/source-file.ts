import { readFileSync } from 'node:fs';
import path from 'node:path';
import { maskCode } from './mask-code.js';

/** The languages the injector edits (JavaScript is read as TypeScript: same imports and calls). */
export type Language = 'typescript' | 'python' | 'go';

/** One file of the checkout, as read and with comments and strings blanked (maskCode). */
export interface SourceFile {
  path: string;
  language: Language;
  text: string;
  masked: string;
  /** Offset of each line's first character (index 0 is line 1). */
  lineStarts: number[];
}

const EXTENSIONS: Record<string, Language> = {
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.js': 'typescript',
  '.mjs': 'typescript',
  '.jsx': 'typescript',
  '.py': 'python',
  '.go': 'go',
};

/** Folders whose files are not checked in as product code (the injector never breaks them, but reads their calls). */
const NOT_PRODUCT =
  /(^|\/)(tests?|__tests__|spec|testdata|fixtures?|docs?|examples?|_examples|bench(marks?)?|scripts?|vendor|node_modules|dist|build)\//;

export function findLanguage(file: string): Language | undefined {
  if (file.endsWith('.d.ts') || file.endsWith('.min.js')) return undefined;
  return EXTENSIONS[path.extname(file)];
}

/** Product code: where a break is injected (tests, examples and docs are read for call sites only). */
export function isProductPath(file: string): boolean {
  const base = path.basename(file);
  if (/(_test\.go|\.test\.[jt]sx?|\.spec\.[jt]sx?|^test_.*\.py|_test\.py|^conftest\.py)$/.test(base)) return false;
  return !NOT_PRODUCT.test(file);
}

export function toSourceFile(file: string, text: string, language: Language): SourceFile {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') lineStarts.push(i + 1);
  return { path: file, language, text, masked: maskCode(text, language), lineStarts };
}

/** The files of `root` named in `files` (paths from `git ls-files`) in a language the injector knows. */
export function readSourceFiles(root: string, files: string[], language: Language): SourceFile[] {
  return files
    .filter((f) => findLanguage(f) === language)
    .sort()
    .map((f) => toSourceFile(f, readFileSync(path.join(root, f), 'utf8'), language));
}

/** 1-based line of an offset. */
export function lineOf(file: SourceFile, offset: number): number {
  let lo = 0;
  let hi = file.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (file.lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The text of a 1-based line, without its newline. */
export function lineText(file: SourceFile, line: number, masked = false): string {
  const text = masked ? file.masked : file.text;
  const start = file.lineStarts[line - 1] ?? text.length;
  const end = file.lineStarts[line] === undefined ? text.length : file.lineStarts[line]! - 1;
  return text.slice(start, end);
}
