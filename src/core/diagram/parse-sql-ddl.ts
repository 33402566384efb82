import type { DiagramAttribute } from './diagram-graph.js';
import { matchingBlock, unquoteName, type ErdEntity } from './erd-entity.js';

const CREATE_TABLE = /\bcreate\s+(?:(?:global\s+|local\s+)?(?:temporary|temp)\s+)?table\s+(?:if\s+not\s+exists\s+)?([^\s(]+)\s*\(/gi;
const ALTER_FK =
  /\balter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?([^\s(]+)\s+add\s+(?:constraint\s+\S+\s+)?foreign\s+key\s*\(([^)]*)\)\s*references\s+([^\s(;]+)/gi;
const NAME = String.raw`(?:"[^"]+"|\`[^\`]+\`|\[[^\]]+\]|[\w$.]+)`;

/**
 * Tables of SQL DDL: `CREATE TABLE` columns with their keys, and foreign keys
 * from column `REFERENCES`, table `FOREIGN KEY` constraints and
 * `ALTER TABLE … ADD FOREIGN KEY`. A foreign key column that is also unique
 * (or the whole primary key) is one-to-one; any other is many-to-one.
 */
export function parseSqlDdl(path: string, text: string): ErdEntity[] {
  const sql = text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const entities: ErdEntity[] = [];
  for (const match of sql.matchAll(CREATE_TABLE)) {
    const body = matchingBlock(sql, match.index + match[0].length - 1, '()');
    if (body === undefined) continue;
    entities.push(parseTable(path, unquoteName(match[1]!), body));
  }
  for (const match of sql.matchAll(ALTER_FK)) {
    const entity = entities.find((e) => e.name.toLowerCase() === unquoteName(match[1]!).toLowerCase());
    if (!entity) continue;
    const columns = splitNames(match[2]!);
    for (const column of columns) markKey(entity.attributes, column, 'FK');
    entity.relations.push({ target: unquoteName(match[3]!), label: columns.join(', '), cardinality: 'many-to-one' });
  }
  return entities;
}

function parseTable(path: string, name: string, body: string): ErdEntity {
  const attributes: DiagramAttribute[] = [];
  const relations: ErdEntity['relations'] = [];
  const unique = new Set<string>();
  let primary: string[] = [];
  for (const item of splitTopLevel(body)) {
    const constraint = item.replace(/^constraint\s+\S+\s+/i, '');
    const pk = /^primary\s+key\s*\(([^)]*)\)/i.exec(constraint);
    const fk = new RegExp(String.raw`^foreign\s+key\s*\(([^)]*)\)\s*references\s+(${NAME})`, 'i').exec(constraint);
    const uk = /^unique\s*(?:key|index)?\s*(?:\S+\s*)?\(([^)]*)\)/i.exec(constraint);
    if (pk) primary = splitNames(pk[1]!);
    else if (fk) {
      const columns = splitNames(fk[1]!);
      columns.forEach((c) => markKey(attributes, c, 'FK'));
      relations.push({ target: unquoteName(fk[2]!), label: columns.join(', '), cardinality: 'many-to-one' });
    } else if (uk) {
      const columns = splitNames(uk[1]!);
      if (columns.length === 1) unique.add(columns[0]!);
    } else if (!/^(constraint|key|index|check|exclude|fulltext|spatial|period|like)\b/i.test(item)) {
      const column = new RegExp(String.raw`^(${NAME})\s+([\w$]+(?:\s*\([^)]*\))?)`).exec(item);
      if (!column) continue;
      const columnName = unquoteName(column[1]!);
      const key = /\bprimary\s+key\b/i.test(item)
        ? 'PK'
        : /\breferences\b/i.test(item)
          ? 'FK'
          : /\bunique\b/i.test(item)
            ? 'UK'
            : undefined;
      attributes.push({ name: columnName, type: column[2]!, ...(key ? { key } : {}) });
      if (key === 'PK') primary = [columnName];
      const ref = new RegExp(String.raw`\breferences\s+(${NAME})`, 'i').exec(item);
      if (ref) {
        if (/\bunique\b/i.test(item)) unique.add(columnName);
        relations.push({ target: unquoteName(ref[1]!), label: columnName, cardinality: 'many-to-one' });
      }
    }
  }
  for (const column of primary) markKey(attributes, column, 'PK');
  for (const column of unique) markKey(attributes, column, 'UK');
  for (const relation of relations) {
    const columns = (relation.label ?? '').split(', ');
    const oneToOne = columns.length === 1 && (unique.has(columns[0]!) || (primary.length === 1 && primary[0] === columns[0]));
    if (oneToOne) relation.cardinality = 'one-to-one';
  }
  return { name, aliases: [], path, attributes, relations };
}

/** A column keeps its strongest key: PK over FK over UK. */
function markKey(attributes: DiagramAttribute[], column: string, key: 'PK' | 'FK' | 'UK'): void {
  const attribute = attributes.find((a) => a.name.toLowerCase() === column.toLowerCase());
  const strength = { PK: 3, FK: 2, UK: 1 };
  if (attribute && (attribute.key === undefined || strength[key] > strength[attribute.key])) attribute.key = key;
}

function splitNames(list: string): string[] {
  return list
    .split(',')
    .map((c) => unquoteName(c.trim().split(/\s+/)[0] ?? ''))
    .filter(Boolean);
}

function splitTopLevel(body: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] === '(') depth += 1;
    else if (body[i] === ')') depth -= 1;
    else if (body[i] === ',' && depth === 0) {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  return items.map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean);
}
