import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildErdDiagram } from '../../../src/core/diagram/build-erd-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { expectMermaidParses } from './expect-mermaid-parses.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { DJANGO_MODELS, PRISMA_SCHEMA, SCHEMA_SQL, SERVICE_FILES, SQLALCHEMY_MODELS, TYPEORM_ENTITIES } from './diagram-fixtures.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function erd(files: Record<string, string>, options?: { maxFiles?: number }) {
  repo = await indexSample(files);
  const root = repo.root;
  const read: string[] = [];
  const graph = await buildErdDiagram(
    new SqliteCodeIndex(repo.store),
    (p) => {
      read.push(p);
      return readFile(path.join(root, p), 'utf8');
    },
    options,
  );
  return { graph, read };
}

describe('buildErdDiagram', () => {
  it('draws the tables of a schema.sql, each citing its file', async () => {
    const { graph, read } = await erd({ ...SERVICE_FILES, 'db/schema.sql': SCHEMA_SQL });
    expect(read).toEqual(['db/schema.sql']);
    expect(graph?.title).toBe('4 entities from 1 file');
    expect(graph?.nodes.every((n) => n.paths[0] === 'db/schema.sql' && n.kind === 'entity')).toBe(true);
    const { text } = compileMermaid(graph!);
    expect(text).toMatchInlineSnapshot(`
      "erDiagram
        e1["users"] {
          SERIAL id PK
          VARCHAR_255 email UK
          TIMESTAMP created_at
        }
        e2["orders"] {
          BIGINT id PK
          INT user_id FK
          DECIMAL_10_2 total
        }
        e3["order_lines"] {
          BIGINT order_id PK
          TEXT sku PK
        }
        e4["profiles"] {
          INT user_id FK
          TEXT bio
        }
        e2 }o--|| e1 : "user_id"
        e3 }o--|| e2 : "order_id"
        e4 ||--|| e1 : "user_id""
    `);
    await expectMermaidParses(text);
  });

  it('joins models across files and languages by name and table name', async () => {
    const { graph } = await erd({
      'prisma/schema.prisma': PRISMA_SCHEMA,
      'library/models.py': DJANGO_MODELS,
      'app/db.py': SQLALCHEMY_MODELS,
      'src/entities/post.entity.ts': TYPEORM_ENTITIES,
      'tests/test_models.py': DJANGO_MODELS.replace(/Author/g, 'FakeAuthor'),
    });
    const ids = graph!.nodes.map((n) => `${n.id} <- ${n.paths[0]}`);
    // Prisma is read first, so its User wins over SQLAlchemy's; test files are not read.
    expect(ids).toContain('User <- prisma/schema.prisma');
    expect(ids).toContain('Book <- library/models.py');
    expect(ids).toContain('Address <- app/db.py');
    expect(ids).toContain('Writer <- src/entities/post.entity.ts');
    expect(ids.some((i) => i.includes('FakeAuthor'))).toBe(false);
    // Address.user_id references the table "users": resolved through SQLAlchemy's __tablename__ … to Prisma's User, the one kept.
    expect(graph!.edges).toContainEqual({ from: 'Address', to: 'User', cardinality: 'many-to-one', label: 'user_id' });
    await expectMermaidParses(compileMermaid(graph!).text);
  });

  it('reads no more files than it is allowed', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i += 1) files[`migrations/00${i}.sql`] = `CREATE TABLE t${i} (id int PRIMARY KEY);\n`;
    const { graph, read } = await erd(files, { maxFiles: 3 });
    expect(read).toHaveLength(3);
    expect(graph?.nodes).toHaveLength(3);
  });

  describe('when the repository has no data model', () => {
    it('answers undefined, so the caller can say none was found', async () => {
      const { graph } = await erd(SERVICE_FILES);
      expect(graph).toBeUndefined();
    });
  });
});
