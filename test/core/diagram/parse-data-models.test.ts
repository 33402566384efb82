import { describe, expect, it } from 'vitest';
import type { ErdEntity } from '../../../src/core/diagram/erd-entity.js';
import { parsePrismaSchema } from '../../../src/core/diagram/parse-prisma-schema.js';
import { parsePythonModels } from '../../../src/core/diagram/parse-python-models.js';
import { parseSqlDdl } from '../../../src/core/diagram/parse-sql-ddl.js';
import { parseTypeormEntities } from '../../../src/core/diagram/parse-typeorm-entities.js';
import { DJANGO_MODELS, PRISMA_SCHEMA, SCHEMA_SQL, SQLALCHEMY_MODELS, TYPEORM_ENTITIES } from './diagram-fixtures.js';

/** One line per entity: its columns with keys, then its relations. */
function summary(entities: ErdEntity[]): string {
  return entities
    .map((e) => {
      const columns = e.attributes.map((a) => `${a.name}:${a.type}${a.key ? ` ${a.key}` : ''}`).join(', ');
      const relations = e.relations.map((r) => ` -> ${r.target} ${r.cardinality} (${r.label ?? ''})`).join('');
      return `${e.name}${e.aliases.length ? ` [${e.aliases.join(', ')}]` : ''}: ${columns}${relations}`;
    })
    .join('\n');
}

describe('parseSqlDdl', () => {
  it('reads tables, column and table keys, and foreign keys of every form', () => {
    const ddl = `${SCHEMA_SQL}\nALTER TABLE ONLY orders ADD CONSTRAINT fk_x FOREIGN KEY (total) REFERENCES prices(id);\n`;
    expect(summary(parseSqlDdl('db/schema.sql', ddl))).toMatchInlineSnapshot(`
      "users: id:SERIAL PK, email:VARCHAR(255) UK, created_at:TIMESTAMP
      orders: id:BIGINT PK, user_id:INT FK, total:DECIMAL(10, 2) FK -> users many-to-one (user_id) -> prices many-to-one (total)
      order_lines: order_id:BIGINT PK, sku:TEXT PK -> orders many-to-one (order_id)
      profiles: user_id:INT FK, bio:TEXT -> users one-to-one (user_id)"
    `);
  });
});

describe('parsePythonModels', () => {
  it('reads Django models, inheriting from abstract ones, with their relations', () => {
    expect(summary(parsePythonModels('library/models.py', DJANGO_MODELS))).toMatchInlineSnapshot(`
      "Author: id:AutoField PK, name:CharField UK
      Book: isbn:CharField PK, author:ForeignKey FK, editor:ForeignKey FK -> Author many-to-one (author) -> Author many-to-one (editor) -> Tag many-to-many (tags)
      Tag: id:AutoField PK, label:SlugField"
    `);
  });

  it('reads SQLAlchemy declarative classes, classic and typed', () => {
    expect(summary(parsePythonModels('app/db.py', SQLALCHEMY_MODELS))).toMatchInlineSnapshot(`
      "User [users]: id:Integer PK, name:String UK -> Group many-to-many (groups)
      Address [addresses]: id:int PK, user_id:int FK -> users many-to-one (user_id)
      Group [groups]: id:Integer PK"
    `);
  });
});

describe('parseTypeormEntities', () => {
  it('reads entities, columns and the owning side of relations', () => {
    expect(summary(parseTypeormEntities('src/entities.ts', TYPEORM_ENTITIES))).toMatchInlineSnapshot(`
      "Post [posts]: id:number PK, slug:string UK, writer:Writer FK -> Writer many-to-one (writer)
      Writer: id:string PK, photo:Photo FK -> Photo one-to-one (photo)
      Photo: id:number PK"
    `);
  });
});

describe('parsePrismaSchema', () => {
  it('reads models, keys and relations from the side that holds the key', () => {
    expect(summary(parsePrismaSchema('prisma/schema.prisma', PRISMA_SCHEMA))).toMatchInlineSnapshot(`
      "User: id:Int PK, email:String UK
      Post: id:Int PK, authorId:Int FK -> User many-to-one (author) -> Tag many-to-many (tags)
      Profile: userId:Int PK -> User one-to-one (user)
      Tag: name:String PK -> User many-to-many (users)"
    `);
  });
});
