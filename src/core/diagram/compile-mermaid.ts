import { capDiagramGraph, DEFAULT_CAPS, type DiagramCaps } from './cap-diagram-graph.js';
import type { Cardinality, DiagramEdge, DiagramGraph, DiagramNode, NodeKind } from './diagram-graph.js';
import { escapeMermaidLabel, toErWord } from './escape-mermaid-label.js';

export interface CompiledMermaid {
  text: string;
  omitted: { nodes: number; edges: number; groups: number };
  /** The graph as drawn (after the caps): what a legend should list. */
  shown: DiagramGraph;
}

const NODE_LABEL_CHARS = 60;
const EDGE_LABEL_CHARS = 40;
/** Columns drawn per entity: a wider box pushes the rest of the diagram off a comment's width. */
const MAX_ATTRIBUTES = 20;

/** Box shape per kind, so a reader tells a folder from a file from a third-party package. */
const SHAPE: Partial<Record<NodeKind, [string, string]>> = {
  folder: ['[[', ']]'],
  package: ['([', '])'],
  external: ['([', '])'],
  service: ['{{', '}}'],
  entity: ['[(', ')]'],
};

/** Colours for change kinds (GitHub's diff palette) and for code that is not the repository's. */
const CLASS_DEF: [NodeKind, string][] = [
  ['added', 'fill:#dafbe1,stroke:#1a7f37,color:#1f2328'],
  ['changed', 'fill:#fff8c5,stroke:#9a6700,color:#1f2328'],
  ['removed', 'fill:#ffebe9,stroke:#cf222e,color:#1f2328,stroke-dasharray:4 3'],
  ['external', 'fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:3 3'],
];

/** Edge kinds that say "declared, not seen in use": drawn dotted. */
const WEAK_EDGE_KINDS = new Set(['dev', 'declared', 'optional', 'peer']);

const CROW: Record<Cardinality, string> = {
  'one-to-one': '||--||',
  'one-to-many': '||--o{',
  'many-to-one': '}o--||',
  'many-to-many': '}o--o{',
};

/**
 * A diagram graph as Mermaid text. Deterministic: the same graph gives the
 * same text. Ids are generated (`n1`, `g1`, `e1` in input order), so nothing
 * the graph says is ever written outside a quoted, escaped label: a label
 * cannot end its string, open a directive or name a keyword like `end`.
 * Architecture, component and dependency graphs become flowcharts (groups as
 * subgraphs); ERDs become `erDiagram`. Over the caps, see capDiagramGraph.
 */
export function compileMermaid(graph: DiagramGraph, caps: DiagramCaps = DEFAULT_CAPS): CompiledMermaid {
  const { graph: shown, omitted } = capDiagramGraph(graph, caps);
  const text = shown.type === 'erd' ? compileEr(shown) : compileFlowchart(shown);
  return { text, omitted, shown };
}

function compileFlowchart(graph: DiagramGraph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `n${i + 1}`]));
  const lines = [graph.type === 'dependency' ? 'flowchart LR' : 'flowchart TB'];
  const nodeLine = (n: DiagramNode, indent: string): string => {
    const [open, close] = SHAPE[n.kind ?? 'module'] ?? ['[', ']'];
    return `${indent}${ids.get(n.id)!}${open}"${escapeMermaidLabel(n.label, NODE_LABEL_CHARS) || ' '}"${close}`;
  };
  const groupIds = new Set(graph.groups.map((g) => g.id));
  graph.groups.forEach((g, i) => {
    const members = graph.nodes.filter((n) => n.group === g.id);
    if (members.length === 0) return;
    lines.push(`  subgraph g${i + 1}["${escapeMermaidLabel(g.label, NODE_LABEL_CHARS) || ' '}"]`);
    for (const n of members) lines.push(nodeLine(n, '    '));
    lines.push('  end');
  });
  for (const n of graph.nodes) if (n.group === undefined || !groupIds.has(n.group)) lines.push(nodeLine(n, '  '));
  for (const e of drawable(graph.edges, ids)) {
    const arrow = e.kind !== undefined && WEAK_EDGE_KINDS.has(e.kind) ? '-.->' : '-->';
    const label = e.label === undefined ? '' : escapeMermaidLabel(e.label, EDGE_LABEL_CHARS);
    lines.push(`  ${ids.get(e.from)!} ${arrow}${label ? `|"${label}"|` : ''} ${ids.get(e.to)!}`);
  }
  for (const [kind, style] of CLASS_DEF) {
    const members = graph.nodes.filter((n) => n.kind === kind).map((n) => ids.get(n.id)!);
    if (members.length === 0) continue;
    lines.push(`  classDef ${kind} ${style}`, `  class ${members.join(',')} ${kind}`);
  }
  return lines.join('\n');
}

function compileEr(graph: DiagramGraph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `e${i + 1}`]));
  const lines = ['erDiagram'];
  for (const n of graph.nodes) {
    const head = `  ${ids.get(n.id)!}["${escapeMermaidLabel(n.label, NODE_LABEL_CHARS) || ' '}"]`;
    const attributes = (n.attributes ?? []).slice(0, MAX_ATTRIBUTES);
    if (attributes.length === 0) {
      lines.push(head);
      continue;
    }
    lines.push(`${head} {`);
    for (const a of attributes) {
      lines.push(`    ${toErWord(a.type, 'unknown')} ${toErWord(a.name, 'column')}${a.key ? ` ${a.key}` : ''}`);
    }
    lines.push('  }');
  }
  for (const e of drawable(graph.edges, ids)) {
    const label = e.label === undefined ? '' : escapeMermaidLabel(e.label, EDGE_LABEL_CHARS);
    lines.push(`  ${ids.get(e.from)!} ${CROW[e.cardinality ?? 'many-to-one']} ${ids.get(e.to)!} : "${label}"`);
  }
  return lines.join('\n');
}

/** A builder's graph has not been through parseDiagramGraph: an edge to no node is skipped, not drawn. */
function drawable(edges: DiagramEdge[], ids: Map<string, string>): DiagramEdge[] {
  return edges.filter((e) => ids.has(e.from) && ids.has(e.to));
}
