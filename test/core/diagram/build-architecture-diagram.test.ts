import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildArchitectureDiagram } from '../../../src/core/diagram/build-architecture-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
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
    expect(graph.title).toBe('5 source files');
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['src/api/handlers.ts', 'src/api/routes.ts', 'src/db/client.ts', 'src/main.ts', 'src/util/log.ts']);
    // log.ts is imported by three files: PageRank puts it first.
    expect(graph.nodes[0]).toEqual({ id: 'src/util/log.ts', label: 'log.ts', paths: ['src/util/log.ts'], kind: 'module', group: 'src/util' });
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
        n2 --> n1
        n5 --> n2
        n3 --> n1
        n4 --> n5
        n4 --> n1"
    `);
    await expectMermaidParses(text);
  });

  it('leaves out tests, docs and manifests', async () => {
    const paths = buildArchitectureDiagram(await indexService()).nodes.flatMap((n) => n.paths);
    expect(paths.filter((p) => p.startsWith('test/') || p.endsWith('.md') || p.endsWith('.json'))).toEqual([]);
  });

  describe('when the files do not fit', () => {
    it('folds them into folders, summing the imports between folders', async () => {
      const graph = buildArchitectureDiagram(await indexService(), { maxNodes: 4 });
      expect(graph.title).toBe('4 folders of 5 source files');
      expect(graph.nodes.map((n) => [n.id, n.label, n.kind]).sort()).toEqual([
        ['src/api', 'api/', 'folder'],
        ['src/db', 'db/', 'folder'],
        ['src/main.ts', 'main.ts', 'module'],
        ['src/util', 'util/', 'folder'],
      ]);
      // routes.ts -> handlers.ts stays inside src/api and is not drawn.
      expect(graph.edges.find((e) => e.from === 'src/api' && e.to === 'src/util')).toMatchObject({ kind: 'import' });
      expect(graph.edges.some((e) => e.from === e.to)).toBe(false);
    });

    it('keeps the most central folders when even the first level has too many', async () => {
      const graph = buildArchitectureDiagram(await indexService(), { maxNodes: 2 });
      // A folder's centrality is the sum over its files: api's two files outrank db's one.
      expect(graph.nodes.map((n) => n.id)).toEqual(['src/util', 'src/api']);
    });
  });

  it('draws only the scope it is given', async () => {
    const graph = buildArchitectureDiagram(await indexService(), { scope: 'src/api', type: 'component' });
    expect(graph).toMatchObject({ type: 'component', title: '2 source files under src/api', groups: [] });
    expect(graph.nodes.map((n) => n.label).sort()).toEqual(['handlers.ts', 'routes.ts']);
    expect(graph.edges).toEqual([{ from: 'src/api/routes.ts', to: 'src/api/handlers.ts', kind: 'import', weight: 1 }]);
  });

  it('puts a folder\'s own files in the group of its subfolders', async () => {
    const files: Record<string, string> = {
      'lib/core/index.ts': "import { a } from './parse/a.js';\nimport { b } from './render/b.js';\nexport const c = a + b;\n",
      'lib/core/parse/a.ts': 'export const a = 1;\n',
      'lib/core/render/b.ts': "import { a } from '../parse/a.js';\nexport const b = a;\n",
      'lib/cli/main.ts': "import { c } from '../core/index.js';\nexport const m = c;\n",
      'lib/cli/args.ts': 'export const args = 1;\n',
    };
    const graph = buildArchitectureDiagram(await indexService(files), { maxNodes: 4 });
    expect(graph.nodes.map((n) => [n.id, n.label, n.group]).sort()).toEqual([
      ['lib/cli', 'cli/', undefined],
      ['lib/core', 'core/*', 'lib/core'],
      ['lib/core/parse', 'parse/', 'lib/core'],
      ['lib/core/render', 'render/', 'lib/core'],
    ]);
  });
});
