import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildDependencyDiagram } from '../../../src/core/diagram/build-dependency-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { expectMermaidParses } from './expect-mermaid-parses.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { DEPENDENCY_FILES } from './diagram-fixtures.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function dependencyGraph(files: Record<string, string>) {
  repo = await indexSample(files);
  const root = repo.root;
  const read: string[] = [];
  const graph = await buildDependencyDiagram(new SqliteCodeIndex(repo.store), (p) => {
    read.push(p);
    return readFile(path.join(root, p), 'utf8');
  });
  return { graph, read };
}

describe('buildDependencyDiagram', () => {
  it('draws modules, manifests and declared packages, with an arrow from the code that imports one', async () => {
    const { graph } = await dependencyGraph(DEPENDENCY_FILES);
    expect(graph.title).toBe('6 modules and 5 of 5 declared packages; not drawn: tests (1 file)');
    const { text } = compileMermaid(graph);
    expect(text).toMatchInlineSnapshot(`
      "flowchart LR
        subgraph g1["this repository"]
          n1[["src/api/"]]
          n2[["src/util/"]]
          n3[["src/db/"]]
          n4[["src/*"]]
          n5[["src/web/"]]
          n6[["tools/"]]
          n7(["service (package.json)"])
          n8(["tools/requirements.txt"])
        end
        subgraph g2["npm packages"]
          n9(["express"])
          n11(["zod"])
          n13(["vitest"])
        end
        subgraph g3["PyPI packages"]
          n10(["requests"])
          n12(["PyYAML"])
        end
        n4 --> n1
        n1 --> n3
        n3 --> n2
        n5 --> n1
        n5 --> n9
        n6 --> n10
        n7 -.-> n11
        n8 -.-> n12
        n7 -.->|"dev"| n13
        classDef external fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:3 3
        class n9,n10,n11,n12,n13 external"
    `);
    await expectMermaidParses(text);
  });

  it('reads the manifests and only the files the search names', async () => {
    const { read } = await dependencyGraph(DEPENDENCY_FILES);
    expect(read.slice(0, 2)).toEqual(['package.json', 'tools/requirements.txt']);
    expect(read).not.toContain('src/util/log.ts');
  });

  it('asks for a root go.mod when the repository has Go, and takes its absence calmly', async () => {
    const { graph, read } = await dependencyGraph({ 'cmd/main.go': 'package main\n\nfunc main() {}\n' });
    expect(read).toEqual(['go.mod']);
    expect(graph.nodes.map((n) => n.id)).toEqual(['cmd/main.go']);
  });
});

describe('buildDependencyDiagram on a project with examples and a package named in a comment', () => {
  it('draws no arrow from an example or from a comment, only from import statements of the product', async () => {
    const { graph } = await dependencyGraph({
      'package.json': JSON.stringify({ name: 'client', dependencies: { 'fast-json': '^1.0.0', ky: '^1.0.0' } }),
      'source/index.ts': "import ky from 'ky';\nexport const get = ky;\n",
      // A usage example inside documentation: not an import of the product.
      'source/options.ts': "/**\n * @example\n * import parse from 'fast-json';\n */\nexport const options = {};\n",
      'examples/tutorial/app.ts': "import { get } from '../../source/index.js';\nimport parse from 'fast-json';\nget(parse);\n",
    });
    expect(graph.nodes.flatMap((n) => n.paths).filter((p) => p.startsWith('examples'))).toEqual([]);
    expect(graph.title).toContain('not drawn: examples/ (1 file)');
    expect(graph.edges.filter((e) => e.to === 'npm:ky')).toEqual([{ from: 'source/index.ts', to: 'npm:ky', kind: 'import', weight: 1 }]);
    expect(graph.edges.filter((e) => e.to === 'npm:fast-json')).toEqual([
      { from: 'manifest:package.json', to: 'npm:fast-json', kind: 'declared' },
    ]);
  });
});
