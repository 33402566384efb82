import type { DiagramGraph } from './diagram-graph.js';

export interface DiagramCaps {
  nodes: number;
  edges: number;
  groups: number;
}

/**
 * What a rendered GitHub comment still reads well with: past ~30 boxes and
 * ~50 arrows Mermaid's layout turns into a wall of crossing lines, and more
 * than 10 subgraphs leave each with one or two boxes.
 */
export const DEFAULT_CAPS: DiagramCaps = { nodes: 34, edges: 48, groups: 10 };

export interface CappedGraph {
  graph: DiagramGraph;
  omitted: { nodes: number; edges: number; groups: number };
}

/**
 * Cuts a graph down to the caps, deterministically.
 *
 * Nodes: the best connected stay (degree over the whole graph, counting each
 * edge once per end), ties kept in input order, which builders sort by
 * importance; a node's edges leave with it. Edges: the heaviest stay (weight,
 * default 1), ties in input order. Groups: those holding most kept nodes stay;
 * the nodes of a cut group are drawn outside any group, not removed. A group
 * with no kept node is not drawn and counts as omitted only if it had nodes.
 * Everything kept keeps its input order, so the text does not reshuffle.
 */
export function capDiagramGraph(graph: DiagramGraph, caps: DiagramCaps = DEFAULT_CAPS): CappedGraph {
  const degree = new Map<string, number>(graph.nodes.map((n) => [n.id, 0]));
  for (const e of graph.edges) {
    degree.set(e.from, (degree.get(e.from) ?? 0) + 1);
    if (e.to !== e.from) degree.set(e.to, (degree.get(e.to) ?? 0) + 1);
  }
  const keptIds = new Set(
    topIndices(
      graph.nodes.map((n) => degree.get(n.id) ?? 0),
      caps.nodes,
    ).map((i) => graph.nodes[i]!.id),
  );
  const nodes = graph.nodes.filter((n) => keptIds.has(n.id));
  const reachable = graph.edges.filter((e) => keptIds.has(e.from) && keptIds.has(e.to));
  const keptEdges = new Set(
    topIndices(
      reachable.map((e) => e.weight ?? 1),
      caps.edges,
    ),
  );
  const edges = reachable.filter((_, i) => keptEdges.has(i));

  const members = new Map<string, number>();
  for (const n of nodes) if (n.group !== undefined) members.set(n.group, (members.get(n.group) ?? 0) + 1);
  const populated = graph.groups.filter((g) => members.has(g.id));
  const keptGroups = new Set(
    topIndices(
      populated.map((g) => members.get(g.id)!),
      caps.groups,
    ).map((i) => populated[i]!.id),
  );
  const everPopulated = new Set(graph.nodes.map((n) => n.group).filter((g) => g !== undefined));
  return {
    graph: {
      ...graph,
      nodes: nodes.map((n) => {
        if (n.group === undefined || keptGroups.has(n.group)) return n;
        const { group: _group, ...rest } = n;
        return rest;
      }),
      edges,
      groups: graph.groups.filter((g) => keptGroups.has(g.id)),
    },
    omitted: {
      nodes: graph.nodes.length - nodes.length,
      edges: graph.edges.length - edges.length,
      groups: graph.groups.filter((g) => everPopulated.has(g.id) && !keptGroups.has(g.id)).length,
    },
  };
}

/** Indices of the `cap` highest scores, ties to the earlier index. */
function topIndices(scores: number[], cap: number): number[] {
  if (scores.length <= cap) return scores.map((_, i) => i);
  return scores
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, Math.max(0, cap))
    .map((x) => x.i);
}
