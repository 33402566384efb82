import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildArchitectureDiagram, readImportRows } from '../../../src/core/diagram/build-architecture-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { aggregateEdges } from '../../../src/core/diagram/folder-unit.js';
import { expectMermaidParses } from './expect-mermaid-parses.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { SERVICE_FILES } from './diagram-fixtures.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function indexService(files: Record<string, string> = SERVICE_FILES): Promise<SqliteCodeIndex> {
  repo = await indexSample(files);
  return new SqliteCodeIndex(repo.store);
}

describe('buildArchitectureDiagram', () => {
  it('draws each source file, grouped by folder, with the imports between them', async () => {
    const graph = buildArchitectureDiagram(await indexService());
    expect(graph.title).toBe(
      '5 modules of 5 source files; 2 import arrows implied by a path through others not drawn; not drawn: tests (1 file)',
    );
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([
      'src/api/handlers.ts',
      'src/api/routes.ts',
      'src/db/client.ts',
      'src/main.ts',
      'src/util/log.ts',
    ]);
    // log.ts is imported by three files: PageRank puts it first.
    expect(graph.nodes[0]).toEqual({
      id: 'src/util/log.ts',
      label: 'log.ts',
      paths: ['src/util/log.ts'],
      kind: 'module',
      group: 'src/util',
    });
    const { text } = compileMermaid(graph);
    expect(text).toMatchInlineSnapshot(`
      "flowchart TB
        subgraph g1["src/api/"]
          n2["handlers.ts"]
          n5["routes.ts"]
        end
        subgraph g2["src/db/"]
          n3["client.ts"]
        end
        subgraph g3["src/util/"]
          n1["log.ts"]
        end
        n4["main.ts"]
        n2 --> n3
        n5 --> n2
        n3 --> n1
        n4 --> n5"
    `);
    await expectMermaidParses(text);
  });

  it('leaves out tests, docs and manifests', async () => {
    const paths = buildArchitectureDiagram(await indexService()).nodes.flatMap((n) => n.paths);
    expect(paths.filter((p) => p.startsWith('test/') || p.endsWith('.md') || p.endsWith('.json'))).toEqual([]);
  });

  it('leaves out examples, docs and benchmarks that import the product, and says so', async () => {
    const graph = buildArchitectureDiagram(
      await indexService({
        ...SERVICE_FILES,
        'examples/tutorial/app.ts': "import { main } from '../../src/main.js';\nmain();\n",
        'docs/conf.py': 'project = "service"\n',
        'benchmarks/bench.ts': "import { query } from '../src/db/client.js';\nquery('x');\n",
      }),
    );
    expect(graph.nodes.flatMap((n) => n.paths).filter((p) => !p.startsWith('src/'))).toEqual([]);
    expect(graph.title).toContain('not drawn: benchmarks/ (1 file), docs/ (1 file), examples/ (1 file) and 1 more folder');
  });

  it('draws an arrow only where an import resolves, never for a call matched by name', async () => {
    const graph = buildArchitectureDiagram(
      await indexService({
        'src/a.ts': "import { b } from './b.js';\nexport function a() {\n  return b() + helper();\n}\n",
        'src/b.ts': 'export function b() {\n  return 1;\n}\n',
        // helper is defined here and called from a.ts without an import: a global the index links by name.
        'src/c.ts': 'export function helper() {\n  return 2;\n}\n',
      }),
    );
    expect(graph.edges).toEqual([{ from: 'src/a.ts', to: 'src/b.ts', kind: 'import', weight: 1 }]);
  });

  it('leaves out an arrow a reader can follow through other boxes', async () => {
    const graph = buildArchitectureDiagram(await indexService());
    // main.ts imports log.ts directly, and through routes.ts -> handlers.ts -> log.ts too.
    expect(graph.edges.find((e) => e.from === 'src/main.ts' && e.to === 'src/util/log.ts')).toBeUndefined();
    expect(graph.edges.find((e) => e.from === 'src/main.ts' && e.to === 'src/api/routes.ts')).toBeDefined();
  });

  it('draws a Go package as one box: its import resolves to the whole package', async () => {
    const graph = buildArchitectureDiagram(
      await indexService({
        'go.mod': 'module example.com/shop\n\ngo 1.22\n',
        'cmd/shop/main.go': 'package main\n\nimport "example.com/shop/internal/store"\n\nfunc main() { store.Open() }\n',
        'internal/store/open.go': 'package store\n\nfunc Open() {}\n',
        'internal/store/close.go': 'package store\n\nfunc Close() {}\n',
      }),
    );
    expect(graph.nodes.map((n) => [n.id, n.kind]).sort()).toEqual([
      ['cmd/shop', 'folder'],
      ['internal/store', 'folder'],
    ]);
    expect(graph.edges).toEqual([{ from: 'cmd/shop', to: 'internal/store', kind: 'import', weight: 2 }]);
  });

  describe('when the files do not fit', () => {
    it('folds a folder of several boxes into one, summing the imports between boxes', async () => {
      const graph = buildArchitectureDiagram(await indexService(), { maxNodes: 4 });
      expect(graph.title).toMatch(/^3 modules and 1 folder of 5 source files/);
      expect(graph.nodes.map((n) => [n.id, n.label, n.kind]).sort()).toEqual([
        ['src/api', 'api/', 'folder'],
        ['src/db/client.ts', 'client.ts', 'module'],
        ['src/main.ts', 'main.ts', 'module'],
        ['src/util/log.ts', 'log.ts', 'module'],
      ]);
      // routes.ts -> handlers.ts stays inside src/api and is not drawn.
      expect(graph.edges.find((e) => e.from === 'src/api' && e.to === 'src/db/client.ts')).toMatchObject({ kind: 'import' });
      expect(graph.edges.some((e) => e.from === e.to)).toBe(false);
    });

    it('folds the deepest folders first, so the top of the design stays in files', async () => {
      const graph = buildArchitectureDiagram(
        await indexService({
          'lib/app.ts': "import { u1 } from './core/utils/one.js';\nimport { run } from './core/run.js';\nexport const app = [u1, run];\n",
          'lib/core/run.ts': "import { u2 } from './utils/two.js';\nexport const run = u2;\n",
          'lib/core/utils/one.ts': 'export const u1 = 1;\n',
          'lib/core/utils/two.ts': 'export const u2 = 2;\n',
          'lib/core/utils/three.ts': 'export const u3 = 3;\n',
        }),
        { maxNodes: 3 },
      );
      expect(graph.nodes.map((n) => n.id).sort()).toEqual(['lib/app.ts', 'lib/core/run.ts', 'lib/core/utils']);
    });

    it('keeps the most central boxes when folding every folder is not enough', async () => {
      const graph = buildArchitectureDiagram(await indexService(), { maxNodes: 2 });
      expect(graph.nodes).toHaveLength(2);
      expect(graph.title).toContain('(the 2 most central of 4)');
    });
  });

  it('draws only the scope it is given', async () => {
    const graph = buildArchitectureDiagram(await indexService(), { scope: 'src/api' });
    expect(graph).toMatchObject({ type: 'architecture', title: '2 modules of 2 source files under src/api', groups: [] });
    expect(graph.nodes.map((n) => n.label).sort()).toEqual(['handlers.ts', 'routes.ts']);
    expect(graph.edges).toEqual([{ from: 'src/api/routes.ts', to: 'src/api/handlers.ts', kind: 'import', weight: 1 }]);
  });

  it("draws a first-level folder's files and subfolders inside its group", async () => {
    const files: Record<string, string> = {
      'lib/core/index.ts': "import { a } from './parse/a.js';\nimport { b } from './render/b.js';\nexport const c = a + b;\n",
      'lib/core/parse/a.ts': 'export const a = 1;\n',
      'lib/core/render/b.ts': "import { a } from '../parse/a.js';\nexport const b = a;\n",
      'lib/cli/main.ts': "import { c } from '../core/index.js';\nexport const m = c;\n",
      'lib/cli/args.ts': 'export const args = 1;\n',
    };
    // Five files in four boxes: lib/cli holds two boxes at the deepest level with more than one.
    const graph = buildArchitectureDiagram(await indexService(files), { maxNodes: 4 });
    expect(graph.nodes.map((n) => [n.id, n.label, n.group]).sort()).toEqual([
      ['lib/cli', 'cli/', undefined],
      ['lib/core/index.ts', 'index.ts', 'lib/core'],
      ['lib/core/parse/a.ts', 'parse/a.ts', 'lib/core'],
      ['lib/core/render/b.ts', 'render/b.ts', 'lib/core'],
    ]);
    // With room for one more box, lib/core's own file and its subfolders are drawn inside its group.
    const folded = buildArchitectureDiagram(
      await indexService({ ...files, 'lib/core/parse/c.ts': 'export const c = 2;\n', 'lib/core/render/d.ts': 'export const d = 2;\n' }),
      { maxNodes: 4 },
    );
    expect(folded.nodes.map((n) => [n.id, n.label, n.group]).sort()).toEqual([
      ['lib/cli', 'cli/', undefined],
      ['lib/core/index.ts', 'index.ts', 'lib/core'],
      ['lib/core/parse', 'parse/', 'lib/core'],
      ['lib/core/render', 'render/', 'lib/core'],
    ]);
  });

  it('reads the same import arrows from the whole graph as from the neighbours of the files drawn', async () => {
    const index = await indexService({
      ...SERVICE_FILES,
      'src/api/extra.ts':
        "import { query } from '../db/client.js';\nimport { routes } from './routes.js';\nexport const x = [query, routes];\n",
    });
    const files = ['src/main.ts', 'src/api/routes.ts', 'src/api/handlers.ts', 'src/api/extra.ts', 'src/db/client.ts', 'src/util/log.ts'];
    // Boxes as a fold would make them; src/util/log.ts is not drawn, so arrows to it must go.
    const unit: Record<string, string> = { 'src/main.ts': 'src/main.ts', 'src/db/client.ts': 'src/db/client.ts' };
    for (const f of files.filter((f) => f.startsWith('src/api/'))) unit[f] = 'src/api';
    const shownUnit = (path: string) => unit[path];
    const fromNeighbours = readImportRows(index, { files, shownUnit, wholeGraphFrom: Infinity });
    const fromGraph = readImportRows(index, { files, shownUnit, wholeGraphFrom: 0 });
    expect(fromGraph.length).toBeGreaterThan(0);
    expect(aggregateEdges(fromGraph, shownUnit)).toEqual(aggregateEdges(fromNeighbours, shownUnit));
    expect(aggregateEdges(fromGraph, shownUnit)).toEqual([
      { from: 'src/api', to: 'src/db/client.ts', kind: 'import', weight: 2 },
      { from: 'src/main.ts', to: 'src/api', kind: 'import', weight: 1 },
    ]);
  });
});
