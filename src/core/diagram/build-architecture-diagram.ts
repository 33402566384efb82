import type { CodeIndex } from '../code-index/code-index.js';
import { parseRepoPath } from '../repo/repo-path.js';
import { DEFAULT_CAPS } from './cap-diagram-graph.js';
import type { DiagramGraph, DiagramGroup, DiagramNode } from './diagram-graph.js';
import { foldToUnits, ROOT_UNIT } from './fold-to-units.js';
import { aggregateEdges, commonFolder, relativeTo, toFolderUnit } from './folder-unit.js';
import { describeLeftOut, listProductFiles } from './list-product-files.js';
import { reduceTransitiveEdges } from './reduce-transitive-edges.js';

export interface ArchitectureOptions {
  /** A folder to draw instead of the whole repository. */
  scope?: string;
  /** Boxes to draw at most (20 by default); the compiler's cap (34) is the ceiling. */
  maxNodes?: number;
}

/**
 * Past about 25 boxes an architecture stops being read and starts being
 * searched; 20 also folds a middle-sized package's leaf folders (got's
 * core/utils, flask's json/ and sansio/) into one box each, leaving the
 * file-by-file view to the component diagram.
 */
const MAX_BOXES = 20;
/** Enough budget for the map to rank a few hundred files; only its order is used here. */
const MAP_TOKENS = 16_000;
const MAX_GROUPS = DEFAULT_CAPS.groups;
/** The edge kinds that come from a resolved import (update-edges.ts); calls are linked by name and are not. */
export const RESOLVED_EDGE_KINDS = new Set(['import']);
/** From this many files drawn, the import edges are read for the whole tree at once (readImportRows). */
const WHOLE_GRAPH_FILES = 2_000;
/**
 * ... or from this share of the index's files: the neighbours' rows cost more than the whole graph's from
 * about a ninth of the files (sympy, 1,957 files: 858 drawn, 65 ms against 19 ms; 215, 18 against 17).
 */
const WHOLE_GRAPH_SHARE = 1 / 8;

/**
 * An architecture diagram from the code index alone: the product's modules
 * and packages and the imports between them.
 *
 * Boxes: product source files (no tests, fixtures, examples, docs,
 * benchmarks: listProductFiles; the title names what was left out). Each file
 * is a box (in Go or Java, each package) until there are more than
 * `maxNodes`; then the deepest, least central folders fold into one box each
 * (foldToUnits), and if that is not enough the most central boxes are kept.
 * Centrality is the PageRank of the repo map.
 *
 * Groups: the first folder below the base (the scope, or the deepest folder
 * holding every file). Arrows: resolved imports only, summed between boxes;
 * a call matched by name says nothing certain about a dependency. An arrow a
 * reader can follow through other boxes is left out (reduceTransitiveEdges):
 * the picture shows the layers, the component diagram the direct uses.
 */
export function buildArchitectureDiagram(index: CodeIndex, options: ArchitectureOptions = {}): DiagramGraph {
  const scope = options.scope === undefined ? undefined : parseRepoPath(options.scope);
  const maxNodes = Math.max(1, Math.min(options.maxNodes ?? MAX_BOXES, DEFAULT_CAPS.nodes));
  const { files, leftOut } = listProductFiles(index, scope);
  const under = scope ? ` under ${scope}` : '';
  if (files.length === 0) return { type: 'architecture', title: `No source files${under}`, nodes: [], edges: [], groups: [] };

  const map = index.repoMap({ tokens: MAP_TOKENS, ...(scope ? { focusPaths: [scope] } : {}) });
  const rank = new Map(map.files.map((f) => [f.path, f.rank]));
  const language = new Map(index.listFiles().map((f) => [f.path, f.language]));
  const base = scope ?? commonFolder(files);
  const unitOfFile = foldToUnits(files, { base, maxUnits: maxNodes, rank: (p) => rank.get(p) ?? 0, language: (p) => language.get(p) });

  const score = new Map<string, number>();
  for (const [file, unit] of unitOfFile) score.set(unit, (score.get(unit) ?? 0) + (rank.get(file) ?? 0));
  const units = [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1)).slice(0, maxNodes);
  const shown = new Set(units);

  const shownUnit = (path: string): string | undefined => {
    const unit = unitOfFile.get(path);
    return unit !== undefined && shown.has(unit) ? unit : undefined;
  };
  const { kept: edges, removed } = reduceTransitiveEdges(
    aggregateEdges(readImportRows(index, { files, shownUnit, indexedFiles: language.size }), shownUnit),
  );

  const isFile = (unit: string): boolean => unitOfFile.get(unit) === unit;
  const groupOf = (unit: string): string | undefined => {
    if (unit === ROOT_UNIT) return undefined;
    const top = toFolderUnit(unit, base, 1);
    if (top !== unit) return top;
    // A first-level folder whose subfolders are boxes too holds its own files in its group, as `name/*`.
    return !isFile(unit) && units.some((u) => u.startsWith(`${unit}/`)) ? unit : undefined;
  };
  const groups = pickGroups(units, groupOf);
  const nodes: DiagramNode[] = units.map((unit) => {
    const group = groupOf(unit);
    const inGroup = group !== undefined && groups.some((g) => g.id === group);
    const folder = !isFile(unit);
    let label = relativeTo(unit, inGroup ? group : base) + (folder ? '/' : '');
    if (group === unit && inGroup) label = `${unit.slice(unit.lastIndexOf('/') + 1)}/*`;
    if (unit === ROOT_UNIT || unit === base) label = `${unit === ROOT_UNIT ? '' : unit.slice(unit.lastIndexOf('/') + 1)}/ (top level)`;
    return { id: unit, label, paths: [unit], kind: folder ? 'folder' : 'module', ...(inGroup ? { group } : {}) };
  });
  const folders = units.filter((u) => !isFile(u)).length;
  const what =
    folders === 0 ? `${units.length} modules` : `${units.length - folders} modules and ${folders} folder${folders === 1 ? '' : 's'}`;
  let title = `${what} of ${files.length} source files${under}`;
  if (units.length < score.size) title += ` (the ${units.length} most central of ${score.size})`;
  if (edges.length === 0 && units.length > 1) title += '; no import between them resolves in the index';
  if (removed > 0) title += `; ${removed} import arrow${removed === 1 ? '' : 's'} implied by a path through others not drawn`;
  if (leftOut.length > 0) title += `; not drawn: ${describeLeftOut(leftOut)}`;
  return {
    type: 'architecture',
    title,
    nodes,
    edges: edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind, weight: e.weight })),
    groups,
  };
}

/**
 * The resolved imports whose two ends are drawn: the only rows aggregateEdges keeps. Past a few
 * thousand files, or an eighth of the index, the whole import graph in one statement (55K files:
 * ~40 ms) beats asking for the neighbours of every file drawn (~0.5 s); below, the neighbours are
 * fewer rows.
 */
export function readImportRows(
  index: CodeIndex,
  options: { files: string[]; shownUnit: (path: string) => string | undefined; indexedFiles?: number; wholeGraphFrom?: number },
): { from: string; to: string; kind: string; weight: number }[] {
  const { shownUnit } = options;
  const picked = options.files.filter((f) => shownUnit(f) !== undefined);
  const wholeGraphFrom =
    options.wholeGraphFrom ?? Math.min(WHOLE_GRAPH_FILES, Math.ceil((options.indexedFiles ?? Infinity) * WHOLE_GRAPH_SHARE));
  // Import edges alone are asked for (on a big tree the call edges are most of the rows).
  if (picked.length < wholeGraphFrom) return index.neighbours(picked, ['import']).filter((r) => RESOLVED_EDGE_KINDS.has(r.kind));
  const graph = index.fileGraph(['import']);
  const unitAt = graph.paths.map(shownUnit);
  const rows: { from: string; to: string; kind: string; weight: number }[] = [];
  for (let e = 0; e < graph.from.length; e += 1) {
    const a = graph.from[e]!;
    const b = graph.to[e]!;
    if (unitAt[a] === undefined || unitAt[b] === undefined || unitAt[a] === unitAt[b]) continue;
    rows.push({ from: graph.paths[a]!, to: graph.paths[b]!, kind: 'import', weight: graph.weight[e]! });
  }
  return rows;
}

function pickGroups(units: string[], groupOf: (unit: string) => string | undefined): DiagramGroup[] {
  const members = new Map<string, number>();
  for (const unit of units) {
    const group = groupOf(unit);
    if (group !== undefined) members.set(group, (members.get(group) ?? 0) + 1);
  }
  return [...members.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_GROUPS)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([id]) => ({ id, label: `${id}/` }));
}
