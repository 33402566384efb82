import type { CodeIndex } from '../code-index/code-index.js';
import { isTestFile } from '../repo/is-test-file.js';
import type { DiagramEdge, DiagramGraph, DiagramNode } from './diagram-graph.js';
import type { ErdEntity } from './erd-entity.js';
import { parsePrismaSchema } from './parse-prisma-schema.js';
import { parsePythonModels } from './parse-python-models.js';
import { parseSqlDdl } from './parse-sql-ddl.js';
import { parseTypeormEntities } from './parse-typeorm-entities.js';

export interface ErdOptions {
  /** Files read at most; a repository with hundreds of migrations is drawn from its first ones. */
  maxFiles?: number;
}

const MAX_FILES = 20;
const SEARCH_HITS = 30;

type Parser = (path: string, text: string) => ErdEntity[];

/**
 * Where data models live, in the order they are read: Prisma schemas, SQL
 * DDL, Python (Django, SQLAlchemy), then TypeORM. Each finds its files by
 * name and through the index's search, so only likely files are read.
 */
const SOURCES: { parser: Parser; matches: (path: string) => boolean; byName: (path: string) => boolean; search?: string[] }[] = [
  { parser: parsePrismaSchema, matches: (p) => p.endsWith('.prisma'), byName: () => true },
  { parser: parseSqlDdl, matches: (p) => p.toLowerCase().endsWith('.sql'), byName: () => true, search: ['CREATE TABLE'] },
  {
    parser: parsePythonModels,
    matches: (p) => p.endsWith('.py'),
    byName: (p) => /(^|\/)models(\.py$|\/)/.test(p),
    search: ['models Model', 'Column ForeignKey', 'tablename mapped_column'],
  },
  {
    parser: parseTypeormEntities,
    matches: (p) => /\.(ts|js|mts|mjs)$/.test(p) && !p.endsWith('.d.ts'),
    byName: (p) => /\.entity\.[mc]?[jt]s$/.test(p),
    search: ['Entity Column', 'Entity PrimaryGeneratedColumn'],
  },
];

/**
 * An entity-relationship diagram from SQL DDL or ORM models, or undefined
 * when the repository shows no data model (the caller says none was found).
 * Each entity's path is the file that defines it. A relation to a name no
 * found entity carries (a table defined elsewhere) is not drawn. When two
 * files define the same name, the first read wins.
 */
export async function buildErdDiagram(
  index: CodeIndex,
  readFile: (path: string) => Promise<string>,
  options: ErdOptions = {},
): Promise<DiagramGraph | undefined> {
  const listed = index
    .listFiles()
    .map((f) => f.path)
    .filter((p) => !isTestFile(p));
  const picked: { path: string; parser: Parser }[] = [];
  const add = (path: string, parser: Parser): void => {
    if (!picked.some((p) => p.path === path)) picked.push({ path, parser });
  };
  for (const source of SOURCES) {
    for (const query of source.search ?? []) {
      for (const hit of index.search(query, { limit: SEARCH_HITS })) {
        if (source.matches(hit.path) && !isTestFile(hit.path)) add(hit.path, source.parser);
      }
    }
    for (const path of listed) if (source.matches(path) && source.byName(path)) add(path, source.parser);
  }

  const entities: ErdEntity[] = [];
  const read = picked.slice(0, options.maxFiles ?? MAX_FILES);
  for (const { path, parser } of read) entities.push(...parser(path, await readFile(path)));
  if (entities.length === 0) return undefined;
  return toGraph(entities);
}

function toGraph(found: ErdEntity[]): DiagramGraph {
  const files = new Set(found.map((e) => e.path)).size;
  const byName = new Map<string, ErdEntity>();
  for (const entity of found) if (!byName.has(entity.name.toLowerCase())) byName.set(entity.name.toLowerCase(), entity);
  const entities = [...byName.values()];
  const resolve = new Map<string, string>();
  for (const entity of entities) resolve.set(entity.name.toLowerCase(), entity.name);
  // A dropped duplicate still lends its table name to the entity kept under its name.
  for (const entity of found) {
    const kept = byName.get(entity.name.toLowerCase())!;
    for (const alias of entity.aliases) if (!resolve.has(alias.toLowerCase())) resolve.set(alias.toLowerCase(), kept.name);
  }
  const nodes: DiagramNode[] = entities.map((e) => ({
    id: e.name,
    label: e.name,
    paths: [e.path],
    kind: 'entity',
    attributes: e.attributes,
  }));
  const edges: DiagramEdge[] = [];
  for (const entity of entities) {
    for (const relation of entity.relations) {
      const target = resolve.get(relation.target.toLowerCase());
      if (target === undefined) continue;
      edges.push({
        from: entity.name,
        to: target,
        cardinality: relation.cardinality,
        ...(relation.label ? { label: relation.label } : {}),
      });
    }
  }
  return {
    type: 'erd',
    title: `${nodes.length} ${nodes.length === 1 ? 'entity' : 'entities'} from ${files} ${files === 1 ? 'file' : 'files'}`,
    nodes,
    edges,
    groups: [],
  };
}
