import type { DiagramAttribute } from './diagram-graph.js';
import type { ErdEntity } from './erd-entity.js';

interface PrismaField {
  name: string;
  type: string;
  list: boolean;
  rest: string;
}

/**
 * Prisma models. A relation is drawn from the side that holds the foreign
 * key (`@relation(fields: [...])`): many-to-one when the other model lists
 * this one (`Post[]`), else one-to-one. Two models listing each other with
 * no key fields are an implicit many-to-many, drawn once.
 */
export function parsePrismaSchema(path: string, text: string): ErdEntity[] {
  const models = new Map<string, { fields: PrismaField[]; block: string; table?: string }>();
  for (const match of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const fields = match[2]!
      .split('\n')
      .map((l) => /^\s*(\w+)\s+(\w+)(\[\])?\??\s*(.*)$/.exec(l.replace(/\/\/.*$/, '')))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ name: m[1]!, type: m[2]!, list: m[3] !== undefined, rest: m[4]! }));
    const table = /@@map\(\s*"([^"]+)"/.exec(match[2]!)?.[1];
    models.set(match[1]!, { fields, block: match[2]!, ...(table ? { table } : {}) });
  }
  const entities: ErdEntity[] = [];
  for (const [name, model] of models) {
    const keyFields = new Set<string>();
    const relations: ErdEntity['relations'] = [];
    for (const field of model.fields) {
      const other = models.get(field.type);
      if (!other) continue;
      const fields = /@relation\([^)]*fields\s*:\s*\[([^\]]*)\]/.exec(field.rest)?.[1];
      if (fields !== undefined) {
        fields
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
          .forEach((f) => keyFields.add(f));
        const backIsList = other.fields.some((f) => f.type === name && f.list);
        relations.push({ target: field.type, label: field.name, cardinality: backIsList ? 'many-to-one' : 'one-to-one' });
      } else if (field.list && other.fields.some((f) => f.type === name && f.list) && name <= field.type) {
        relations.push({ target: field.type, label: field.name, cardinality: 'many-to-many' });
      }
    }
    const compositeId =
      /@@id\(\s*\[([^\]]*)\]/
        .exec(model.block)?.[1]
        ?.split(',')
        .map((f) => f.trim()) ?? [];
    const attributes: DiagramAttribute[] = model.fields
      .filter((f) => !models.has(f.type))
      .map((f) => {
        const key =
          /@id\b/.test(f.rest) || compositeId.includes(f.name)
            ? 'PK'
            : keyFields.has(f.name)
              ? 'FK'
              : /@unique\b/.test(f.rest)
                ? 'UK'
                : undefined;
        return { name: f.name, type: f.list ? `${f.type}[]` : f.type, ...(key ? { key } : {}) };
      });
    entities.push({ name, aliases: model.table ? [model.table] : [], path, attributes, relations });
  }
  return entities;
}
