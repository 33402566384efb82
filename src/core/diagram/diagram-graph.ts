import type { z as Zod } from 'zod';
import { loadZod } from '../runtime/load-zod.js';
import type { DiagramType } from '../explore/types.js';
import { isValidRepoPath, parseRepoPath } from '../repo/repo-path.js';

/**
 * Bounds on untrusted graphs (model output). They sit well above what the
 * compiler draws (34 nodes, 48 edges, 10 groups) so a model may over-produce
 * and let the compiler choose, yet a runaway answer cannot cost much.
 */
const MAX_NODES = 200;
const MAX_EDGES = 600;
const MAX_GROUPS = 50;
const MAX_PATHS_PER_NODE = 20;
const MAX_ATTRIBUTES = 60;
const MAX_ID = 200;
const MAX_LABEL = 300;
/** parseRepoPath's own limit is 4096; a longer string is not a path of any real tree. */
const MAX_PATH = 4096;
/** Problems listed before the rest are summarised: enough for a model to fix its answer. */
const MAX_PROBLEMS = 20;

export const DIAGRAM_TYPES = ['architecture', 'component', 'dependency', 'erd'] as const satisfies readonly DiagramType[];
export const NODE_KINDS = ['module', 'folder', 'service', 'package', 'external', 'entity', 'added', 'removed', 'changed'] as const;
export const CARDINALITIES = ['one-to-one', 'one-to-many', 'many-to-one', 'many-to-many'] as const;

/** The schemas of a model's graph, built on the first one read (loadZod). */
function buildSchemas(z: typeof Zod) {
  const id = z.string().trim().min(1).max(MAX_ID);
  const label = z.string().trim().min(1).max(MAX_LABEL);

  // Unknown keys are stripped, not refused: a model adding a "description" has not
  // drawn a wrong diagram, and everything that is used is checked.
  const attributeSchema = z.object({
    name: z.string().trim().min(1).max(MAX_ID),
    type: z.string().trim().min(1).max(MAX_ID),
    key: z.enum(['PK', 'FK', 'UK']).optional(),
  });

  const nodeSchema = z.object({
    id,
    label: label.optional(),
    paths: z.array(z.string().max(MAX_PATH)).max(MAX_PATHS_PER_NODE).default([]),
    group: id.optional(),
    kind: z.enum(NODE_KINDS).optional(),
    attributes: z.array(attributeSchema).max(MAX_ATTRIBUTES).optional(),
  });

  const edgeSchema = z.object({
    from: id,
    to: id,
    label: label.optional(),
    kind: z.string().trim().min(1).max(40).optional(),
    cardinality: z.enum(CARDINALITIES).optional(),
    weight: z.number().positive().max(1e9).optional(),
  });

  const graphSchema = z.object({
    type: z.enum(DIAGRAM_TYPES).optional(),
    title: label.optional(),
    nodes: z.array(nodeSchema).max(MAX_NODES),
    edges: z.array(edgeSchema).max(MAX_EDGES).default([]),
    groups: z
      .array(z.object({ id, label: label.optional() }))
      .max(MAX_GROUPS)
      .default([]),
  });
  return { attributeSchema, graphSchema };
}
let schemas: ReturnType<typeof buildSchemas> | undefined;

export type NodeKind = (typeof NODE_KINDS)[number];
export type Cardinality = (typeof CARDINALITIES)[number];
export type DiagramAttribute = Zod.infer<ReturnType<typeof buildSchemas>['attributeSchema']>;

export interface DiagramNode {
  id: string;
  label: string;
  /** Repo-relative files or folders the node stands for; empty for an external package. */
  paths: string[];
  group?: string;
  kind?: NodeKind;
  /** Columns of an ERD entity. */
  attributes?: DiagramAttribute[];
}

export interface DiagramEdge {
  from: string;
  to: string;
  label?: string;
  kind?: string;
  /** ERD only: how many of `from` relate to how many of `to`. */
  cardinality?: Cardinality;
  /** How strong the link is (import count, …): the compiler keeps the heaviest edges when over its cap. */
  weight?: number;
}

export interface DiagramGroup {
  id: string;
  label: string;
}

export interface DiagramGraph {
  type: DiagramType;
  title?: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  groups: DiagramGroup[];
}

export type DiagramGraphCheck =
  { ok: true; graph: DiagramGraph; droppedNodes: number; droppedEdges: number; droppedPaths: string[] } | { ok: false; problems: string[] };

/**
 * Reads a diagram graph from untrusted JSON (a model's answer).
 *
 * Refused (problems, with the JSON path of each): a shape the schema does not
 * accept, a type other than the one asked for, duplicate node or group ids.
 * Those make the graph ambiguous; the caller may ask again or fall back to
 * the offline builder.
 *
 * Repaired (counted): a path that fails parseRepoPath or is not in the tree
 * is dropped; a node left with no path (when it had some) is dropped, as is
 * every edge that touches it; an edge to an unknown id or a repeated edge is
 * dropped; a node naming an unknown group is shown outside any group.
 */
export function parseDiagramGraph(raw: unknown, options: { type?: DiagramType; inTree: (path: string) => boolean }): DiagramGraphCheck {
  schemas ??= buildSchemas(loadZod());
  const parsed = schemas.graphSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: limit(parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`)) };
  const input = parsed.data;
  const problems: string[] = [];
  const type = input.type ?? options.type;
  if (type === undefined) problems.push(`type: expected one of ${DIAGRAM_TYPES.join(', ')}`);
  else if (options.type !== undefined && type !== options.type) problems.push(`type: expected "${options.type}", got "${type}"`);
  problems.push(
    ...duplicates(
      input.nodes.map((n) => n.id),
      'nodes',
    ),
    ...duplicates(
      input.groups.map((g) => g.id),
      'groups',
    ),
  );
  if (problems.length > 0 || type === undefined) return { ok: false, problems: limit(problems) };

  const groupIds = new Set(input.groups.map((g) => g.id));
  const droppedPaths: string[] = [];
  const nodes: DiagramNode[] = [];
  for (const node of input.nodes) {
    const paths = keepPaths(node.paths, options.inTree, droppedPaths);
    if (node.paths.length > 0 && paths.length === 0) continue;
    nodes.push({
      id: node.id,
      label: node.label ?? node.id,
      paths,
      ...(node.group !== undefined && groupIds.has(node.group) ? { group: node.group } : {}),
      ...(node.kind ? { kind: node.kind } : {}),
      ...(node.attributes ? { attributes: node.attributes } : {}),
    });
  }
  const known = new Set(nodes.map((n) => n.id));
  const seenEdges = new Set<string>();
  const edges = input.edges
    .filter((e) => {
      const key = JSON.stringify([e.from, e.to, e.label ?? '', e.kind ?? '']);
      if (!known.has(e.from) || !known.has(e.to) || seenEdges.has(key)) return false;
      seenEdges.add(key);
      return true;
    })
    .map(stripUndefined);
  return {
    ok: true,
    graph: {
      type,
      ...(input.title ? { title: input.title } : {}),
      nodes,
      edges,
      groups: input.groups.map((g) => ({ id: g.id, label: g.label ?? g.id })),
    },
    droppedNodes: input.nodes.length - nodes.length,
    droppedEdges: input.edges.length - edges.length,
    droppedPaths,
  };
}

/**
 * A tree predicate over a file listing: true for each file and each folder
 * that holds one (`src`, `src/http` for `src/http/a.ts`).
 */
export function buildTreePredicate(paths: Iterable<string>): (path: string) => boolean {
  const known = new Set<string>();
  for (const file of paths) {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i += 1) known.add(parts.slice(0, i).join('/'));
  }
  return (path) => known.has(path);
}

function keepPaths(paths: string[], inTree: (path: string) => boolean, dropped: string[]): string[] {
  const kept: string[] = [];
  for (const raw of paths) {
    const path = isValidRepoPath(raw) ? parseRepoPath(raw) : undefined;
    if (path === undefined || !inTree(path)) dropped.push(raw.length > 200 ? `${raw.slice(0, 199)}…` : raw);
    else if (!kept.includes(path)) kept.push(path);
  }
  return kept;
}

function duplicates(ids: string[], where: string): string[] {
  const first = new Map<string, number>();
  const problems: string[] = [];
  ids.forEach((value, i) => {
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, i);
    else problems.push(`${where}[${i}].id: duplicate id ${JSON.stringify(value)} (first at ${where}[${earlier}])`);
  });
  return problems;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `nodes[3].paths[0]`, the way a reader of the JSON would point at it. */
function formatPath(path: readonly PropertyKey[]): string {
  const text = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
  return text || '(root)';
}

function limit(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more`];
}
