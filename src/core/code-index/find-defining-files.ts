import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TermMatches } from './scan-tree-text.js';

/**
 * A name found in more files than this is left unread: its definers weigh
 * little beside so many uses, and reading them all would cost the first
 * answer its second (sympy: `ask` is in 177 files, `Matrix` in 900).
 */
const MAX_FILES_READ = 400;

/** The key of a code name's defining files in the scan's matches (beside stemKey's). */
export function definesKey(name: string): string {
  return `=${name}`;
}

/**
 * A line that declares `name` in Python, JavaScript/TypeScript, Go, Rust or
 * Java-like code: `def ask(`, `class Ask`, `function ask`, `func (k *KB) Ask(`,
 * `type Ask`, `const ask =`, or a class method `  ask(query) {`.
 */
function toDefinitionPattern(name: string): RegExp {
  const escaped = name.replace(/[$]/g, '\\$');
  const keyword =
    String.raw`^[ \t]*(?:(?:export|default|async|pub|public|private|protected|static|abstract|final)[ \t]+)*` +
    String.raw`(?:def|class|function\*?|func(?:[ \t]*\([^)\n]*\))?|type|interface|struct|enum|trait|fn|const|let|var)[ \t]+`;
  const method = String.raw`^[ \t]+(?:(?:async|static|public|private|protected|get|set)[ \t]+)*`;
  return new RegExp(`(?:${keyword}${escaped}(?![\\w$])|${method}${escaped}[ \\t]*\\([^)\\n]*\\)[ \\t]*(?::[^{\\n]*)?\\{)`, 'm');
}

/**
 * The files that declare each of the question's code names, found among the
 * files the text scan matched them in (read as Latin-1: the names are ASCII).
 * A partial index that holds every definer of a name weighs its definitions
 * as the whole index does (locate divides a definition's weight among its
 * files); without them the one picked definer outranked the question's other
 * files (sympy 82adf208: `ask` is defined in assumptions/ask.py and
 * logic/inference.py). Keyed by definesKey(name); a name the scan did not
 * finish, or found too widely, is absent.
 */
export function findDefiningFiles(root: string, names: Iterable<string>, matches: TermMatches): TermMatches {
  const found: TermMatches = new Map();
  for (const name of names) {
    const files = matches.get(name);
    // A dotted name is declared by its parts, which are code names of their own.
    if (name.includes('.') || files === undefined || files.size > MAX_FILES_READ) continue;
    const pattern = toDefinitionPattern(name);
    const definers = new Set<string>();
    for (const file of files) {
      try {
        if (pattern.test(readFileSync(path.join(root, ...file.split('/')), 'latin1'))) definers.add(file);
      } catch {
        continue; // vanished since the scan: the build's listing leaves it out too
      }
    }
    found.set(definesKey(name), definers);
  }
  return found;
}
