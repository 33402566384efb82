import type { CodeIndex } from '../code-index/code-index.js';
import { isTestFile } from '../repo/is-test-file.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';

export interface LeftOutFolder {
  /** `examples/`, `src/docs/`, or `tests` for tests, specs and fixtures wherever they are. */
  label: string;
  files: number;
}

export interface ProductFiles {
  files: string[];
  leftOut: LeftOutFolder[];
}

/**
 * Indexed source files (not docs or config, which the index keeps as
 * 'text') that make up the product: not tests or fixtures, and not in a
 * non-product folder. What was left out is returned so a diagram can say so.
 * A scope inside such a folder is drawn as asked; a repository with nothing
 * but such folders keeps them (there would be nothing to draw).
 */
export function listProductFiles(index: CodeIndex, scope?: string): ProductFiles {
  const source = index
    .listFiles()
    .filter((f) => f.language !== 'text')
    .map((f) => f.path)
    .filter((p) => scope === undefined || p.startsWith(`${scope}/`) || p === scope);
  const scoped = scope !== undefined && findNonProductFolder(`${scope}/x`) !== undefined;
  const counts = new Map<string, number>();
  const files: string[] = [];
  const others: string[] = [];
  for (const path of source) {
    const folder = isTestFile(path) ? 'tests' : scoped ? undefined : findNonProductFolder(path);
    if (folder === undefined) files.push(path);
    else {
      const label = folder === 'tests' ? 'tests' : `${folder}/`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
      if (folder !== 'tests') others.push(path);
    }
  }
  if (files.length === 0 && others.length > 0)
    return { files: others, leftOut: counts.has('tests') ? [{ label: 'tests', files: counts.get('tests')! }] : [] };
  const leftOut = [...counts.entries()]
    .map(([label, n]) => ({ label, files: n }))
    .sort((a, b) => b.files - a.files || (a.label < b.label ? -1 : 1));
  return { files, leftOut };
}

/** `examples/ (12 files), tests (40 files) and 2 more folders`: what a title says it left out. */
export function describeLeftOut(leftOut: LeftOutFolder[], shown = 3): string {
  const named = leftOut.slice(0, shown).map((l) => `${l.label} (${l.files} file${l.files === 1 ? '' : 's'})`);
  const more = leftOut.length - shown;
  return more > 0 ? `${named.join(', ')} and ${more} more folder${more === 1 ? '' : 's'}` : named.join(', ');
}
