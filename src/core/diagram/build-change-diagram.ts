import { plural } from '../render/markdown.js';
import type { CodeIndex } from '../code-index/code-index.js';
import { isTestFile } from '../repo/is-test-file.js';
import { DEFAULT_CAPS } from './cap-diagram-graph.js';
import type { DiagramEdge, DiagramGraph, DiagramGroup, DiagramNode, NodeKind } from './diagram-graph.js';
import { aggregateEdges } from './folder-unit.js';

export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** The path before a rename. */
  oldPath?: string;
}

/** Changed files drawn at most (source before tests); the rest of the boxes go to their neighbours. */
const MAX_CHANGED = 20;
const MAX_GROUPS = DEFAULT_CAPS.groups;

/**
 * Before/after diagrams of a pull request: the changed files and the files
 * they import or are imported by (the strongest links first), coloured by
 * change (added, removed, changed).
 *
 * The index is of the head, so every arrow is the head's: a deleted file's
 * imports are not known (it is drawn without arrows), and the "before" view
 * shows the head's links of the files that still exist, with a renamed file
 * under its old path and added files left out. The paths of deleted files
 * and of old names belong to the base tree, not the head's.
 */
export function buildChangeDiagram(
  index: CodeIndex,
  changes: FileChange[],
  options: { maxNodes?: number } = {},
): { before: DiagramGraph; after: DiagramGraph } {
  const maxNodes = Math.min(options.maxNodes ?? DEFAULT_CAPS.nodes, DEFAULT_CAPS.nodes);
  const changed = [...changes]
    .sort((a, b) => Number(isTestFile(a.path)) - Number(isTestFile(b.path)))
    .slice(0, Math.min(MAX_CHANGED, maxNodes));
  const headPaths = changed.filter((c) => c.status !== 'deleted').map((c) => c.path);
  const changedPaths = new Set(changed.map((c) => c.path));
  const rows = headPaths.length > 0 ? index.neighbours(headPaths) : [];

  const strength = new Map<string, number>();
  for (const row of rows) {
    for (const end of [row.from, row.to]) if (!changedPaths.has(end)) strength.set(end, (strength.get(end) ?? 0) + row.weight);
  }
  const neighbours = [...strength.keys()]
    .sort((a, b) => strength.get(b)! - strength.get(a)! || (a < b ? -1 : 1))
    .slice(0, Math.max(0, maxNodes - changed.length));
  const shown = new Set([...headPaths, ...neighbours]);
  const edges = aggregateEdges(rows, (p) => (shown.has(p) ? p : undefined)).map((e): DiagramEdge => ({
    from: e.from,
    to: e.to,
    kind: e.kind,
    weight: e.weight,
  }));

  const neighbourNodes = neighbours.map((p) => node(p, 'module'));
  const renamedFrom = new Map(changed.filter((c) => c.status === 'renamed' && c.oldPath).map((c) => [c.path, c.oldPath!]));
  const afterNodes = [
    ...changed.filter((c) => c.status !== 'deleted').map((c) => node(c.path, c.status === 'added' ? 'added' : 'changed', c.oldPath)),
    ...neighbourNodes,
  ];
  const beforeNodes = [
    ...changed.filter((c) => c.status !== 'added').map((c) => node(c.oldPath ?? c.path, c.status === 'deleted' ? 'removed' : 'changed')),
    ...neighbourNodes,
  ];
  const added = new Set(changed.filter((c) => c.status === 'added').map((c) => c.path));
  const toBefore = (p: string): string => renamedFrom.get(p) ?? p;
  const beforeEdges = edges
    .filter((e) => !added.has(e.from) && !added.has(e.to))
    .map((e) => ({ ...e, from: toBefore(e.from), to: toBefore(e.to) }));
  const title = `${plural(changed.length, 'changed file')} and ${plural(neighbours.length, 'neighbour')}`;
  return {
    before: withGroups({ type: 'architecture', title: `Before: ${title}`, nodes: beforeNodes, edges: beforeEdges, groups: [] }),
    after: withGroups({ type: 'architecture', title: `After: ${title}`, nodes: afterNodes, edges, groups: [] }),
  };
}

function node(path: string, kind: NodeKind, oldPath?: string): DiagramNode {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const label = oldPath === undefined ? name : `${name} (was ${oldPath.slice(oldPath.lastIndexOf('/') + 1)})`;
  return { id: path, label, paths: [path], kind };
}

/** Each box in the group of its folder; the fullest 10 folders get a group, the rest are drawn loose. */
function withGroups(graph: DiagramGraph): DiagramGraph {
  const folderOf = (path: string): string | undefined => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : undefined);
  const members = new Map<string, number>();
  for (const n of graph.nodes) {
    const folder = folderOf(n.id);
    if (folder !== undefined) members.set(folder, (members.get(folder) ?? 0) + 1);
  }
  const groups: DiagramGroup[] = [...members.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_GROUPS)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([id]) => ({ id, label: `${id}/` }));
  const grouped = new Set(groups.map((g) => g.id));
  const nodes = graph.nodes.map((n) => {
    const folder = folderOf(n.id);
    return folder !== undefined && grouped.has(folder) ? { ...n, group: folder } : n;
  });
  return { ...graph, nodes, groups };
}
