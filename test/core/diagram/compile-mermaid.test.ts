import { describe, expect, it } from 'vitest';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import type { DiagramGraph } from '../../../src/core/diagram/diagram-graph.js';
import { escapeMermaidLabel } from '../../../src/core/diagram/escape-mermaid-label.js';

const architecture: DiagramGraph = {
  type: 'architecture',
  nodes: [
    { id: 'server', label: 'server.ts', paths: ['src/server.ts'] },
    { id: 'http', label: 'http/', paths: ['src/http'], group: 'src', kind: 'folder' },
    { id: 'express', label: 'express', paths: [], kind: 'external' },
    { id: 'new', label: 'new "thing"', paths: ['src/new.ts'], group: 'src', kind: 'added' },
  ],
  edges: [
    { from: 'server', to: 'http', kind: 'import', weight: 3 },
    { from: 'server', to: 'express', kind: 'declared', label: 'uses | routes' },
    { from: 'new', to: 'http' },
  ],
  groups: [{ id: 'src', label: 'src/' }],
};

describe('compileMermaid', () => {
  it('draws a flowchart with subgraphs, shapes by kind, escaped labels and change classes', () => {
    expect(compileMermaid(architecture).text).toMatchInlineSnapshot(`
      "flowchart TB
        subgraph g1["src/"]
          n2[["http/"]]
          n4["new #quot;thing#quot;"]
        end
        n1["server.ts"]
        n3(["express"])
        n1 --> n2
        n1 -.->|"uses #124; routes"| n3
        n4 --> n2
        classDef added fill:#dafbe1,stroke:#1a7f37,color:#1f2328
        class n4 added
        classDef external fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:3 3
        class n3 external"
    `);
  });

  it('gives the same text for the same graph', () => {
    expect(compileMermaid(structuredClone(architecture)).text).toBe(compileMermaid(architecture).text);
  });

  it('draws an ERD with generated entity ids, safe attribute words and crow-foot cardinality', () => {
    const erd: DiagramGraph = {
      type: 'erd',
      nodes: [
        {
          id: 'users',
          label: 'users',
          paths: ['db/schema.sql'],
          kind: 'entity',
          attributes: [
            { name: 'id', type: 'int', key: 'PK' },
            { name: 'e-mail address', type: 'varchar(255)', key: 'UK' },
          ],
        },
        {
          id: 'orders',
          label: 'order "lines"',
          paths: ['db/schema.sql'],
          kind: 'entity',
          attributes: [{ name: 'user_id', type: '1int', key: 'FK' }],
        },
        { id: 'audit', label: 'audit', paths: [] },
      ],
      edges: [
        { from: 'orders', to: 'users', label: 'user_id', cardinality: 'many-to-one' },
        { from: 'audit', to: 'users' },
      ],
      groups: [],
    };
    expect(compileMermaid(erd).text).toMatchInlineSnapshot(`
      "erDiagram
        e1["users"] {
          int id PK
          varchar_255 e-mail_address UK
        }
        e2["order #quot;lines#quot;"] {
          _1int user_id FK
        }
        e3["audit"]
        e2 }o--|| e1 : "user_id"
        e3 }o--|| e1 : """
    `);
  });

  describe('when the graph is over the caps', () => {
    it('keeps the best connected nodes and the heaviest edges, and counts what it left out', () => {
      const graph: DiagramGraph = {
        type: 'dependency',
        nodes: ['hub', 'a', 'b', 'c', 'lonely'].map((id) => ({ id, label: id, paths: [], group: id === 'lonely' ? 'g2' : 'g1' })),
        edges: [
          { from: 'a', to: 'hub', weight: 1 },
          { from: 'b', to: 'hub', weight: 5 },
          { from: 'c', to: 'hub', weight: 2 },
          { from: 'a', to: 'b', weight: 1 },
        ],
        groups: [
          { id: 'g1', label: 'one' },
          { id: 'g2', label: 'two' },
          { id: 'g3', label: 'empty' },
        ],
      };
      const compiled = compileMermaid(graph, { nodes: 3, edges: 2, groups: 1 });
      expect(compiled.omitted).toEqual({ nodes: 2, edges: 2, groups: 1 });
      expect(compiled.shown.nodes.map((n) => n.id)).toEqual(['hub', 'a', 'b']);
      expect(compiled.text).toMatchInlineSnapshot(`
        "flowchart LR
          subgraph g1["one"]
            n1["hub"]
            n2["a"]
            n3["b"]
          end
          n2 --> n1
          n3 --> n1"
      `);
    });

    it('draws the nodes of a group past the group cap outside any group', () => {
      const graph: DiagramGraph = {
        type: 'architecture',
        nodes: [
          { id: 'a', label: 'a', paths: [], group: 'big' },
          { id: 'b', label: 'b', paths: [], group: 'big' },
          { id: 'c', label: 'c', paths: [], group: 'small' },
        ],
        edges: [],
        groups: [
          { id: 'small', label: 'small' },
          { id: 'big', label: 'big' },
        ],
      };
      const compiled = compileMermaid(graph, { nodes: 10, edges: 10, groups: 1 });
      expect(compiled.omitted.groups).toBe(1);
      expect(compiled.shown.nodes.find((n) => n.id === 'c')).toEqual({ id: 'c', label: 'c', paths: [] });
    });
  });
});

describe('escapeMermaidLabel', () => {
  it('writes every character that could end or change a label as an entity code', () => {
    expect(escapeMermaidLabel('a "b" `c` <script>&x | y # %%{init}%% \\')).toBe(
      'a #quot;b#quot; #96;c#96; #lt;script#gt;#amp;x #124; y #35; #37;#37;{init}#37;#37; #92;',
    );
  });

  it('keeps one line, drops invisible characters and clips on a code point', () => {
    expect(escapeMermaidLabel('one\ntwo\r\n\u202Ethree\u200B')).toBe('one two three');
    expect(escapeMermaidLabel('😀'.repeat(10), 4)).toBe('😀😀😀…');
    expect(escapeMermaidLabel('bad \uD800 half')).toBe('bad \uFFFD half');
  });
});
