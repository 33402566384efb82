import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildChangeDiagram } from '../../../src/core/diagram/build-change-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { expectMermaidParses } from './expect-mermaid-parses.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { SERVICE_FILES } from './diagram-fixtures.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

/** The head of a pull request: a cache added to the API, handlers changed, log.ts renamed from logger.ts, legacy.ts deleted. */
const HEAD_FILES: Record<string, string> = {
  ...SERVICE_FILES,
  'src/api/cache.ts': "import { log } from '../util/log.js';\nexport function cached() {\n  log('hit');\n  return 1;\n}\n",
};
const CHANGES = [
  { path: 'src/api/handlers.ts', status: 'modified' as const },
  { path: 'src/api/cache.ts', status: 'added' as const },
  { path: 'src/util/log.ts', status: 'renamed' as const, oldPath: 'src/util/logger.ts' },
  { path: 'src/legacy.ts', status: 'deleted' as const },
];

describe('buildChangeDiagram', () => {
  it('draws the changed files and their neighbours, after and before the change', async () => {
    repo = await indexSample(HEAD_FILES);
    const { before, after } = buildChangeDiagram(new SqliteCodeIndex(repo.store), CHANGES);
    expect(after.title).toBe('After: 4 changed files and 3 neighbours');
    const afterText = compileMermaid(after).text;
    expect(afterText).toMatchInlineSnapshot(`
      "flowchart TB
        subgraph g1["src/"]
          n5["main.ts"]
        end
        subgraph g2["src/api/"]
          n1["handlers.ts"]
          n2["cache.ts"]
          n6["routes.ts"]
        end
        subgraph g3["src/db/"]
          n4["client.ts"]
        end
        subgraph g4["src/util/"]
          n3["log.ts (was logger.ts)"]
        end
        n2 --> n3
        n1 --> n4
        n1 --> n3
        n4 --> n3
        n5 --> n3
        n6 --> n1
        classDef added fill:#dafbe1,stroke:#1a7f37,color:#1f2328
        class n2 added
        classDef changed fill:#fff8c5,stroke:#9a6700,color:#1f2328
        class n1,n3 changed"
    `);
    const beforeText = compileMermaid(before).text;
    expect(beforeText).toMatchInlineSnapshot(`
      "flowchart TB
        subgraph g1["src/"]
          n3["legacy.ts"]
          n5["main.ts"]
        end
        subgraph g2["src/api/"]
          n1["handlers.ts"]
          n6["routes.ts"]
        end
        subgraph g3["src/db/"]
          n4["client.ts"]
        end
        subgraph g4["src/util/"]
          n2["logger.ts"]
        end
        n1 --> n4
        n1 --> n2
        n4 --> n2
        n5 --> n2
        n6 --> n1
        classDef changed fill:#fff8c5,stroke:#9a6700,color:#1f2328
        class n1,n2 changed
        classDef removed fill:#ffebe9,stroke:#cf222e,color:#1f2328,stroke-dasharray:4 3
        class n3 removed"
    `);
    for (const text of [afterText, beforeText]) await expectMermaidParses(text);
  });

  it('keeps added files out of the before view and deleted ones out of the after view', async () => {
    repo = await indexSample(HEAD_FILES);
    const { before, after } = buildChangeDiagram(new SqliteCodeIndex(repo.store), CHANGES);
    expect(before.nodes.map((n) => n.id)).not.toContain('src/api/cache.ts');
    expect(before.nodes.find((n) => n.id === 'src/legacy.ts')).toMatchObject({ kind: 'removed', paths: ['src/legacy.ts'] });
    expect(after.nodes.map((n) => n.id)).not.toContain('src/legacy.ts');
    // The renamed file's links are the head's, drawn under its old name before the change.
    expect(before.edges).toContainEqual(expect.objectContaining({ from: 'src/api/handlers.ts', to: 'src/util/logger.ts' }));
  });

  it('leaves room for neighbours only up to the node cap', async () => {
    repo = await indexSample(HEAD_FILES);
    const { after } = buildChangeDiagram(new SqliteCodeIndex(repo.store), CHANGES.slice(0, 1), { maxNodes: 2 });
    // handlers.ts links to client.ts, log.ts and routes.ts; equally strong links go by path.
    expect(after.nodes.map((n) => n.id)).toEqual(['src/api/handlers.ts', 'src/db/client.ts']);
  });
});
