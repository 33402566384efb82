import type { CodeIndex } from '../code-index/code-index.js';
import { createFileClassifier, type FileKind } from '../repo/classify-file.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';

export interface LeftOutFolder {
  /**
   * `examples/`, `src/docs/`; or, wherever they are, `tests` (tests, specs, fixtures), `config files`, `type
   * declarations`, `generated files` (bundles, build output, files the index skipped) and `vendored files`.
   */
  label: string;
  files: number;
}

export interface ProductFiles {
  files: string[];
  leftOut: LeftOutFolder[];
}

/** What a left-out file of each kind is counted as in a diagram's title. */
const KIND_LABEL: Record<Exclude<FileKind, 'product'>, string> = {
  test: 'tests',
  config: 'config files',
  declaration: 'type declarations',
  generated: 'generated files',
  vendored: 'vendored files',
};
/** Files the index did not read for another reason (a private key in them, a symlink). */
const UNREAD_LABEL = 'files not indexed';

/**
 * Indexed source files (not docs or data, which the index keeps as 'text')
 * that make up the product (classify-file.ts: not tests, fixtures, config,
 * type declarations, build output, vendored copies or files the index
 * skipped), and not in a non-product folder. What was left out is returned
 * so a diagram can say so.
 * A scope inside such a folder is drawn as asked; a repository with nothing
 * but such folders keeps them (there would be nothing to draw).
 */
export function listProductFiles(index: CodeIndex, scope?: string): ProductFiles {
  const source = index
    .listFiles()
    .filter((f) => f.language !== 'text' && (scope === undefined || f.path.startsWith(`${scope}/`) || f.path === scope));
  const scoped = scope !== undefined && findNonProductFolder(`${scope}/x`) !== undefined;
  const counts = new Map<string, number>();
  const files: string[] = [];
  const others: string[] = [];
  // Asked once per folder, not once per file: the answer depends on the folders alone (55K files, ~5K folders).
  const nonProduct = new Map<string, string | undefined>();
  const nonProductFolder = (path: string): string | undefined => {
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    if (!nonProduct.has(dir)) nonProduct.set(dir, findNonProductFolder(`${dir}x`));
    return nonProduct.get(dir);
  };
  const classifyFile = createFileClassifier();
  for (const file of source) {
    const { kind } = classifyFile(file.path, file);
    const apart = kind !== 'product' ? KIND_LABEL[kind] : file.skipped ? UNREAD_LABEL : undefined;
    const folder = apart ?? (scoped ? undefined : nonProductFolder(file.path));
    if (folder === undefined) files.push(file.path);
    else {
      const label = apart ?? `${folder}/`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
      if (apart === undefined) others.push(file.path);
    }
  }
  if (files.length === 0 && others.length > 0)
    return { files: others, leftOut: [...counts].filter(([label]) => !label.endsWith('/')).map(([label, n]) => ({ label, files: n })) };
  const leftOut = [...counts.entries()]
    .map(([label, n]) => ({ label, files: n }))
    .sort((a, b) => b.files - a.files || (a.label < b.label ? -1 : 1));
  return { files, leftOut };
}

/** `examples/ (12 files), tests (40 files) and 2 more folders`: what a title says it left out. */
export function describeLeftOut(leftOut: LeftOutFolder[], shown = 3): string {
  const named = leftOut.slice(0, shown).map((l) => `${l.label} (${l.files} file${l.files === 1 ? '' : 's'})`);
  const rest = leftOut.slice(shown);
  if (rest.length === 0) return named.join(', ');
  // The kinds left out wherever they are (config files, type declarations) are not folders.
  const folders = rest.every((l) => l.label.endsWith('/') || l.label === 'tests');
  return `${named.join(', ')} and ${rest.length} more${folders ? ` folder${rest.length === 1 ? '' : 's'}` : ` (${rest.map((l) => l.label).join(', ')})`}`;
}
