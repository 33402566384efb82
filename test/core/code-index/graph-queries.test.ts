import { afterEach, describe, expect, it } from 'vitest';
import { GraphQueries } from '../../../src/core/code-index/graph-queries.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

/** Indexes the sample, then counts the SQL statements each query runs. */
async function setUp() {
  const executed: string[] = [];
  let counting = false;
  repo = await indexSample(undefined, { onStatement: (sql) => counting && executed.push(String(sql)) });
  const graph = new GraphQueries(repo.store);
  const count = <T>(fn: () => T): { result: T; statements: number } => {
    executed.length = 0;
    counting = true;
    const result = fn();
    counting = false;
    return { result, statements: executed.length };
  };
  return { graph, count };
}

describe('GraphQueries', () => {
  it('finds a definition by exact name, by any case, and by Scope.name', async () => {
    const { graph } = await setUp();
    expect(graph.findDefinitions('parseHttpRequest').map((h) => [h.path, h.kind, h.startLine])).toEqual([
      ['src/http/parse-http-request.ts', 'function', 4],
    ]);
    expect(graph.findDefinitions('PARSEHTTPREQUEST')).toHaveLength(1);
    expect(graph.findDefinitions('Uploader.upload_file').map((h) => [h.name, h.kind, h.scope])).toEqual([
      ['upload_file', 'method', 'Uploader'],
    ]);
    expect(graph.findDefinitions('noSuchThing')).toEqual([]);
  });

  it('finds references with the symbol they sit in', async () => {
    const { graph } = await setUp();
    expect(graph.findReferences('parseHttpRequest').map((r) => [r.path, r.kind, r.line, r.inSymbol])).toEqual([
      ['src/server.ts', 'import', 1, undefined],
      ['src/server.ts', 'call', 5, 'handle'],
    ]);
  });

  it('walks callers and callees across files, transitively', async () => {
    const { graph } = await setUp();
    const split = graph.findDefinitions('splitHeaders')[0]!;
    expect(graph.callers(split.id, 1).map((c) => [c.name, c.depth])).toEqual([['parseHttpRequest', 1]]);
    expect(graph.callers(split.id, 3).map((c) => [c.name, c.depth, c.path])).toEqual([
      ['parseHttpRequest', 1, 'src/http/parse-http-request.ts'],
      ['handle', 2, 'src/server.ts'],
      // LoggingServer.handle's `super.handle()`: a call on Server, LoggingServer's base, typed like `this.handle()`.
      ['handle', 3, 'src/server.ts'],
    ]);
    const handle = graph.findDefinitions('Server.handle')[0]!;
    expect(graph.callees(handle.id, 2).map((c) => [c.name, c.depth])).toEqual([
      ['parseHttpRequest', 1],
      ['splitHeaders', 2],
    ]);
  });

  it('walks imports and importers to a depth', async () => {
    const { graph } = await setUp();
    expect(graph.imports('src/server.ts', 1)).toEqual([{ path: 'src/http/parse-http-request.ts', depth: 1 }]);
    expect(graph.imports('src/server.ts', 2)).toEqual([
      { path: 'src/http/parse-http-request.ts', depth: 1 },
      { path: 'src/http/headers.ts', depth: 2 },
    ]);
    expect(graph.importers('src/http/headers.ts', 5)).toEqual([
      { path: 'src/http/parse-http-request.ts', depth: 1 },
      { path: 'src/server.ts', depth: 2 },
    ]);
  });

  it('returns a subgraph with its edges, and serves a repeat from the cache', async () => {
    const { graph, count } = await setUp();
    const first = count(() => graph.subgraph('src/http/headers.ts', { depth: 1 }));
    expect(first.result.nodes).toEqual([
      { path: 'src/http/headers.ts', depth: 0 },
      { path: 'src/http/parse-http-request.ts', depth: 1 },
    ]);
    expect(first.result.edges.map((e) => e.kind).sort()).toEqual(['call', 'import']);
    expect(first.statements).toBe(1);
    expect(count(() => graph.subgraph('src/http/headers.ts', { depth: 1 })).statements).toBe(0);
  });

  it.each([
    ['findDefinitions', (g: GraphQueries) => g.findDefinitions('handle')],
    ['findReferences', (g: GraphQueries) => g.findReferences('handle')],
    ['callers to depth 4', (g: GraphQueries, ids: Ids) => g.callers(ids.splitHeaders, 4)],
    ['callees to depth 4', (g: GraphQueries, ids: Ids) => g.callees(ids.handle, 4)],
    ['imports to depth 4', (g: GraphQueries) => g.imports('src/server.ts', 4)],
    ['importers to depth 4', (g: GraphQueries) => g.importers('src/http/headers.ts', 4)],
    ['subgraph to depth 3', (g: GraphQueries) => g.subgraph('src/server.ts', { depth: 3 })],
  ])('runs %s as one SQL statement', async (_name, query) => {
    const { graph, count } = await setUp();
    const ids: Ids = {
      splitHeaders: graph.findDefinitions('splitHeaders')[0]!.id,
      handle: graph.findDefinitions('Server.handle')[0]!.id,
    };
    const { result, statements } = count(() => query(graph, ids));
    expect(statements).toBe(1);
    expect(Array.isArray(result) ? result.length : result.nodes.length).toBeGreaterThan(0);
  });
});

interface Ids {
  splitHeaders: number;
  handle: number;
}
