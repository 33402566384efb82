import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { compileMermaid } from '../diagram/compile-mermaid.js';
import type { DiagramGraph } from '../diagram/diagram-graph.js';
import { validateMermaid } from '../diagram/validate-mermaid.js';
import { isTestFile } from '../repo/is-test-file.js';
import type { ChangedSymbol } from './find-changed-symbols.js';
import type { DiffFile } from './parse-diff.js';

/** One function or method of the flow: changed by the diff, or a direct caller or callee of one in a changed file. */
export interface FlowNode {
  name: string;
  path: string;
  line: number;
  change: 'added' | 'modified' | 'unchanged';
}

/** The changed call path as the head index links it, and its Mermaid flowchart (parsed before it is kept). */
export interface ChangeFlow {
  nodes: FlowNode[];
  /** Calls, as positions in `nodes`: `from` calls `to`. */
  edges: { from: number; to: number }[];
  mermaid: string;
}

/** About what a comment-wide flowchart shows legibly (the brief's ~12). */
const MAX_NODES = 12;
/** Changed callables asked about: each costs two one-statement graph queries. */
const MAX_CHANGED = 40;
/** Callers or callees read per symbol. */
const MAX_HITS = 100;
const CALLABLE = new Set(['function', 'method']);

/**
 * The calls between the changed functions and methods, and one hop to
 * their direct callers and callees in the changed files, from the head
 * index's resolved call links (a name too common to link is never linked).
 * Only for a change over two or more files and when there is at least one
 * call to draw; at most MAX_NODES, calls between changed symbols first.
 * The Mermaid text is parsed with validateMermaid; a flow that does not
 * parse is left out with the reason in `problem`.
 */
export async function buildChangeFlow(input: {
  files: DiffFile[];
  changedSymbols: ChangedSymbol[];
  index: CodeIndex;
}): Promise<{ flow?: ChangeFlow; problem?: string }> {
  if (input.files.length < 2) return {};
  const paths = new Set(input.files.filter((f) => f.status !== 'deleted' && !isTestFile(f.path)).map((f) => f.path));
  const changed = input.changedSymbols.filter((c) => CALLABLE.has(c.symbol.kind) && paths.has(c.symbol.path)).slice(0, MAX_CHANGED);
  const known = new Map<number, FlowNode>(
    changed.map((c) => [
      c.symbol.id,
      { name: qualified(c.symbol), path: c.symbol.path, line: c.symbol.startLine, change: c.change === 'added' ? 'added' : 'modified' },
    ]),
  );
  const symbolsOf = new Map<string, SymbolHit[]>();
  const definitionOf = (path: string, id: number) => {
    if (!symbolsOf.has(path)) symbolsOf.set(path, input.index.symbolsIn(path));
    return symbolsOf.get(path)!.find((s) => s.id === id);
  };
  const calls = new Map<string, { from: number; to: number; rank: number }>();
  const add = (from: number, to: number) => {
    if (from === to) return;
    const rank = (known.get(from)?.change === 'unchanged' ? 1 : 0) + (known.get(to)?.change === 'unchanged' ? 1 : 0);
    calls.set(`${from}>${to}`, { from, to, rank });
  };
  for (const c of changed) {
    for (const hit of input.index.callSites(c.symbol.id, 1, MAX_HITS).callers) {
      if (hit.symbolId === undefined || !paths.has(hit.path) || !hit.name) continue;
      if (!known.has(hit.symbolId)) {
        const definition = definitionOf(hit.path, hit.symbolId);
        if (!definition || !CALLABLE.has(definition.kind)) continue;
        known.set(hit.symbolId, { name: qualified(definition), path: hit.path, line: definition.startLine, change: 'unchanged' });
      }
      add(hit.symbolId, c.symbol.id);
    }
    for (const hit of input.index.callees(c.symbol.id, 1, MAX_HITS)) {
      if (hit.symbolId === undefined || !paths.has(hit.path) || !hit.name || !CALLABLE.has(hit.kind ?? '')) continue;
      // A callee that is not changed is linked by name only when the name is specific enough to link (callSites says).
      if (!known.has(hit.symbolId)) {
        if (input.index.callSites(hit.symbolId, 1, 1).ambiguous) continue;
        const definition = definitionOf(hit.path, hit.symbolId);
        known.set(hit.symbolId, {
          name: definition ? qualified(definition) : hit.name,
          path: hit.path,
          line: hit.line,
          change: 'unchanged',
        });
      }
      add(c.symbol.id, hit.symbolId);
    }
  }
  const kept = pickCalls([...calls.values()]);
  if (kept.length === 0) return {};
  const order = [...new Set(kept.flatMap((e) => [e.from, e.to]))].sort((a, b) => compareNodes(known.get(a)!, known.get(b)!));
  const nodes = order.map((id) => known.get(id)!);
  const edges = kept.map((e) => ({ from: order.indexOf(e.from), to: order.indexOf(e.to) }));
  const mermaid = compileMermaid(toGraph(nodes, edges)).text;
  const check = await validateMermaid(mermaid);
  if (!check.ok) return { problem: `the flow of the changed call path was left out: Mermaid did not parse it (${check.message})` };
  return { flow: { nodes, edges, mermaid } };
}

/** Calls between changed symbols first, then to one neighbour, while the nodes stay within MAX_NODES. */
function pickCalls(calls: { from: number; to: number; rank: number }[]): { from: number; to: number }[] {
  const nodes = new Set<number>();
  const kept: { from: number; to: number }[] = [];
  for (const call of [...calls].sort((a, b) => a.rank - b.rank)) {
    const grown = new Set([...nodes, call.from, call.to]);
    if (grown.size > MAX_NODES) continue;
    grown.forEach((n) => nodes.add(n));
    kept.push(call);
  }
  return kept;
}

function compareNodes(a: FlowNode, b: FlowNode): number {
  return a.path.localeCompare(b.path) || a.line - b.line;
}

/** A subgraph per file, the changed symbols coloured as the diff colours them. */
function toGraph(nodes: FlowNode[], edges: { from: number; to: number }[]): DiagramGraph {
  const files = [...new Set(nodes.map((n) => n.path))];
  return {
    // A dependency graph compiles left to right: calls read like a sentence.
    type: 'dependency',
    nodes: nodes.map((n, i) => ({
      id: `s${i}`,
      label: `${n.name}()`,
      paths: [n.path],
      group: `f${files.indexOf(n.path)}`,
      ...(n.change === 'unchanged' ? {} : { kind: n.change === 'added' ? ('added' as const) : ('changed' as const) }),
    })),
    edges: edges.map((e) => ({ from: `s${e.from}`, to: `s${e.to}` })),
    groups: files.map((path, i) => ({ id: `f${i}`, label: path })),
  };
}

function qualified(symbol: { name: string; scope: string }): string {
  return symbol.scope ? `${symbol.scope}.${symbol.name}` : symbol.name;
}
