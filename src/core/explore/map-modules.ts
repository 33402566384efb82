import type { CodeIndex } from '../code-index/code-index.js';
import type { RepoMap } from '../code-index/repo-map.js';
import { isProductCode } from '../repo/classify-file.js';
import { findNonProductFolder, isBenchmarkName } from '../repo/non-product-folders.js';
import type { MapModule } from './types.js';

/** Modules listed in an overview, and the declarations named for each. */
const MAX_MODULES = 12;
const MAX_DECLARATIONS = 4;
const DECLARATION = /class|struct|interface|trait|enum|function|type|module|impl/;

/**
 * The product's own files of a repository map, most used first: what an
 * overview question is about. Tests, docs, examples, benchmarks, text files
 * and generated bundles rank high by size or by use but say little about the
 * design, so they are left out, unless nothing else is in the map.
 */
export function productFilesByUse(index: CodeIndex, map: RepoMap, isGenerated?: (path: string) => boolean): string[] {
  const byRank = [...map.files].sort((a, b) => b.rank - a.rank).map((f) => f.path);
  const product = byRank.filter((path) => isProductFile(index, path, isGenerated));
  // A map of only such files (an overview of examples/, or a repository of docs) is described as it is.
  return product.length > 0 ? product : byRank.filter((path) => !isGenerated?.(path));
}

/**
 * Source code of the product itself (classify-file.ts: not a test, config, type declaration, build output, vendored
 * copy or a file the index skipped), not a doc, text file, example or benchmark.
 */
export function isProductFile(index: CodeIndex, path: string, isGenerated?: (path: string) => boolean): boolean {
  const file = index.getFile(path);
  return (
    file !== undefined &&
    file.language !== 'text' &&
    isProductCode(path, file) &&
    findNonProductFolder(path) === undefined &&
    !isBenchmarkName(path) &&
    !isGenerated?.(path)
  );
}

/**
 * The modules an overview lists: each product file of the map with its main
 * top-level declarations (classes, then functions, then the rest; the longest
 * first in each), each with its lines so the reply can link them.
 */
export function describeMapModules(index: CodeIndex, map: RepoMap, isGenerated?: (path: string) => boolean): MapModule[] {
  const rank = new Map(map.files.map((f) => [f.path, f.rank]));
  return productFilesByUse(index, map, isGenerated)
    .slice(0, MAX_MODULES)
    .map((path) => {
      const topLevel = index
        .symbolsIn(path)
        .filter((s) => !s.scope && DECLARATION.test(s.kind))
        .sort(
          (a, b) => weight(a.kind) - weight(b.kind) || b.endLine - b.startLine - (a.endLine - a.startLine) || a.startLine - b.startLine,
        );
      return {
        path,
        rank: rank.get(path) ?? 0,
        declarations: topLevel
          .slice(0, MAX_DECLARATIONS)
          .map((s) => ({ name: s.name, kind: s.kind, startLine: s.startLine, endLine: s.endLine })),
      };
    });
}

const weight = (kind: string): number => (/class|struct|trait|interface|impl|module/.test(kind) ? 0 : /function/.test(kind) ? 1 : 2);
