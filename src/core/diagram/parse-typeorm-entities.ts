import type { Cardinality, DiagramAttribute } from './diagram-graph.js';
import { matchingBlock, type ErdEntity } from './erd-entity.js';

const ENTITY_CLASS = /@Entity\s*\([^)]*\)\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)[^{]*\{/g;
/** Decorators (arguments nested one level: `@ManyToOne(() => User, (u) => u.posts)`), then `name?: Type`. */
const PROPERTY =
  /((?:@\w+\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)+)(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)[?!]?\s*:\s*([^;=\n]+)/g;
const COLUMN_DECORATORS =
  /@(PrimaryGeneratedColumn|PrimaryColumn|Column|CreateDateColumn|UpdateDateColumn|DeleteDateColumn|VersionColumn|ObjectIdColumn)\b/;

/**
 * TypeORM entities: `@Entity()` classes, their `@Column`-like properties and
 * the owning side of relations (`@ManyToOne`, `@OneToOne` with
 * `@JoinColumn`, `@ManyToMany` with `@JoinTable`). Inverse sides
 * (`@OneToMany`, the other `@OneToOne`/`@ManyToMany`) add no second arrow.
 */
export function parseTypeormEntities(path: string, text: string): ErdEntity[] {
  const entities: ErdEntity[] = [];
  for (const match of text.matchAll(ENTITY_CLASS)) {
    const body = matchingBlock(text, match.index + match[0].length - 1, '{}');
    if (body === undefined) continue;
    const table =
      /@Entity\s*\(\s*['"]([^'"]+)['"]/.exec(match[0])?.[1] ?? /@Entity\s*\(\s*\{[^}]*name\s*:\s*['"]([^'"]+)['"]/.exec(match[0])?.[1];
    const attributes: DiagramAttribute[] = [];
    const relations: ErdEntity['relations'] = [];
    for (const property of body.matchAll(PROPERTY)) {
      const [, decorators, name, rawType] = property as unknown as [string, string, string, string];
      const type = rawType.trim().split(/[\s|[<]/)[0] || 'unknown';
      const relation = owningRelation(decorators);
      if (relation) {
        const target = /=>\s*(\w+)/.exec(decorators)?.[1] ?? type;
        relations.push({ target, label: name, cardinality: relation });
        if (relation !== 'many-to-many') attributes.push({ name, type: target, key: 'FK' });
        continue;
      }
      const column = COLUMN_DECORATORS.exec(decorators);
      if (!column) continue;
      const key = column[1]!.startsWith('Primary') ? 'PK' : /unique\s*:\s*true/.test(decorators) ? 'UK' : undefined;
      attributes.push({ name, type, ...(key ? { key } : {}) });
    }
    entities.push({ name: match[1]!, aliases: table ? [table] : [], path, attributes, relations });
  }
  return entities;
}

function owningRelation(decorators: string): Cardinality | undefined {
  if (/@ManyToOne\b/.test(decorators)) return 'many-to-one';
  if (/@OneToOne\b/.test(decorators) && /@JoinColumn\b/.test(decorators)) return 'one-to-one';
  if (/@ManyToMany\b/.test(decorators) && /@JoinTable\b/.test(decorators)) return 'many-to-many';
  return undefined;
}
