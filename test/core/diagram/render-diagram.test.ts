import { describe, expect, it } from 'vitest';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import type { DiagramGraph } from '../../../src/core/diagram/diagram-graph.js';
import { renderDiagram } from '../../../src/core/diagram/render-diagram.js';
import { buildLinkTo } from '../../../src/core/render/link-to.js';

const linkTo = buildLinkTo({ htmlUrl: 'https://github.com/o/r', sha: 'abc1234' });

const graph: DiagramGraph = {
  type: 'dependency',
  title: '2 modules and 1 of 1 declared packages',
  nodes: [
    { id: 'api', label: 'api/', paths: ['src/api'], kind: 'folder' },
    { id: 'pages', label: 'pages_[id] | *x*', paths: ['src/pages/[id].tsx', 'src/pages/a (1).ts'] },
    { id: 'express', label: 'express', paths: [], kind: 'external' },
    { id: 'hello', label: 'ping @octocat', paths: ['src/hello.ts'] },
  ],
  edges: [
    { from: 'api', to: 'express' },
    { from: 'pages', to: 'api' },
  ],
  groups: [],
};

describe('renderDiagram', () => {
  it('renders the heading, the Mermaid block and a legend of cited files, escaped', () => {
    const compiled = compileMermaid(graph);
    expect(renderDiagram({ graph: compiled.shown, mermaid: compiled.text, omitted: compiled.omitted, linkTo, madeWithModel: false }))
      .toMatchInlineSnapshot(`
      "### Dependencies: 2 modules and 1 of 1 declared packages

      \`\`\`mermaid
      flowchart LR
        n1[["api/"]]
        n2["pages_[id] #124; *x*"]
        n3(["express"])
        n4["ping @octocat"]
        n1 --> n3
        n2 --> n1
        classDef external fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:3 3
        class n3 external
      \`\`\`

      | Box | Cited files |
      | --- | --- |
      | api/ | [src/api](https://github.com/o/r/blob/abc1234/src/api) |
      | pages\\_\\[id\\] \\| \\*x\\* | [src/pages/\\[id\\].tsx](https://github.com/o/r/blob/abc1234/src/pages/%5Bid%5D.tsx), [src/pages/a (1).ts](https://github.com/o/r/blob/abc1234/src/pages/a%20%281%29.ts) |
      | ping \`@octocat\` | [src/hello.ts](https://github.com/o/r/blob/abc1234/src/hello.ts) |

      _Drawn from the code index alone, without a language model._"
    `);
  });

  it('says what the caps left out and that a model drew it', () => {
    const compiled = compileMermaid(graph, { nodes: 2, edges: 1, groups: 10 });
    const text = renderDiagram({
      graph: compiled.shown,
      mermaid: compiled.text,
      omitted: compiled.omitted,
      linkTo: buildLinkTo({}),
      madeWithModel: true,
    });
    expect(text.split('\n\n').slice(-2).join('\n\n')).toMatchInlineSnapshot(`
      "_Left out to keep the diagram readable: 2 boxes and 1 arrow (the best connected boxes and heaviest arrows are kept)._

      _Drawn by a language model from the explored code; every cited path was checked against the tree._"
    `);
  });

  it('keeps a Mermaid text with backticks inside its fence', () => {
    const text = renderDiagram({
      graph: { ...graph, title: undefined },
      mermaid: 'flowchart TB\n  n1["```"]',
      omitted: { nodes: 0, edges: 0, groups: 0 },
      linkTo,
      madeWithModel: false,
    });
    expect(text.split('\n').slice(0, 5)).toEqual(['### Dependencies', '', '````mermaid', 'flowchart TB', '  n1["```"]']);
  });
});
