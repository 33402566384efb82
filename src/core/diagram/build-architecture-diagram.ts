import type { CodeIndex } from '../code-index/code-index.js';
import { isTestFile } from '../repo/is-test-file.js';
import { parseRepoPath } from '../repo/repo-path.js';
import { DEFAULT_CAPS } from './cap-diagram-graph.js';
import type { DiagramGraph, DiagramGroup, DiagramNode } from './diagram-graph.js';
import { aggregateEdges, commonFolder, listSourceFiles, pickFolderDepth, relativeTo, toFolderUnit } from './folder-unit.js';

export interface ArchitectureOptions {
  /** A folder to draw instead of the whole repository. */
  scope?: string;
  /** Boxes to draw at most; the compiler's cap (34) is the ceiling. */
  maxNodes?: number;
  /** 'component' draws the same picture under that name (offline there is no finer source of components). */
  type?: 'architecture' | 'component';
}

/** Enough budget for the map to rank a few hundred files; only its order is used here. */
const MAP_TOKENS = 16_000;
/** Folders deeper than this below the base say more about file layout than about design. */
const MAX_FOLDER_DEPTH = 3;
const MAX_GROUPS = DEFAULT_CAPS.groups;

/**
 * An architecture diagram from the code index alone.
 *
 * Which boxes: source files (no tests, fixtures, docs or config). When they
 * fit in `maxNodes`, each file is a box. Otherwise files are folded into
 * folders below the base (the scope, or the deepest folder holding every
 * file): the deepest level, up to 3, whose folder count fits; if even the
 * first level has too many, its most central folders are kept. Centrality is
 * the PageRank of the repo map, summed over a folder's files.
 *
 * Groups: the first folder below the base that holds a box (at most 10, the
 * fullest; boxes of other folders are drawn ungrouped). Arrows: import, call
 * and inheritance edges between files, summed between the boxes they join.
 */
export function buildArchitectureDiagram(index: CodeIndex, options: ArchitectureOptions = {}): DiagramGraph {
  const scope = options.scope === undefined ? undefined : parseRepoPath(options.scope);
  const maxNodes = Math.max(1, Math.min(options.maxNodes ?? DEFAULT_CAPS.nodes, DEFAULT_CAPS.nodes));
  const files = listSourceFiles(index, isTestFile, scope);
  const type = options.type ?? 'architecture';
  if (files.length === 0) return { type, title: `No source files${scope ? ` under ${scope}` : ''}`, nodes: [], edges: [], groups: [] };

  const map = index.repoMap({ tokens: MAP_TOKENS, ...(scope ? { focusPaths: [scope] } : {}) });
  const rank = new Map(map.files.map((f) => [f.path, f.rank]));
  const base = scope ?? commonFolder(files);
  const depth = files.length <= maxNodes ? Infinity : pickFolderDepth(files, base, { maxUnits: maxNodes, maxDepth: MAX_FOLDER_DEPTH });
  const unitOfFile = new Map(files.map((f) => [f, depth === Infinity ? f : toFolderUnit(f, base, depth)]));

  const score = new Map<string, number>();
  for (const [file, unit] of unitOfFile) score.set(unit, (score.get(unit) ?? 0) + (rank.get(file) ?? 0));
  const units = [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1)).slice(0, maxNodes);
  const shown = new Set(units);

  const picked = files.filter((f) => shown.has(unitOfFile.get(f)!));
  // Call edges are linked by name and can join modules that never import each other; where the
  // language gives imports, they are the architecture, so calls count only in a repository without any.
  // Imports first, alone (on a big tree the call edges are most of the rows); the other kinds only when there are none.
  const imports = index.neighbours(picked, ['import']);
  const edges = aggregateEdges(imports.length > 0 ? imports : index.neighbours(picked), (path) => {
    const unit = unitOfFile.get(path);
    return unit !== undefined && shown.has(unit) ? unit : undefined;
  });

  const isFolder = (unit: string): boolean => !unitOfFile.has(unit);
  // A first-level folder whose subfolders are boxes too holds its own files in its group, as `name/*`.
  const groupOf = (unit: string): string | undefined => {
    const top = toFolderUnit(unit, base, 1);
    if (top !== unit) return top;
    return isFolder(unit) && units.some((u) => u.startsWith(`${unit}/`)) ? unit : undefined;
  };
  const groups = pickGroups(units, groupOf);
  const nodes: DiagramNode[] = units.map((unit) => {
    const group = groupOf(unit);
    const inGroup = group !== undefined && groups.some((g) => g.id === group);
    const label = group === unit && inGroup
      ? `${unit.slice(unit.lastIndexOf('/') + 1)}/*`
      : relativeTo(unit, inGroup ? group : base) + (isFolder(unit) ? '/' : '');
    return { id: unit, label, paths: [unit], kind: isFolder(unit) ? 'folder' : 'module', ...(inGroup ? { group } : {}) };
  });
  const under = scope ? ` under ${scope}` : '';
  let title = `${units.length} source files${under}`;
  if (depth !== Infinity) title = `${units.length} folders of ${files.length} source files${under}`;
  else if (units.length < files.length) title = `${units.length} most central of ${files.length} source files${under}`;
  return {
    type,
    title,
    nodes,
    edges: edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind, weight: e.weight })),
    groups,
  };
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
