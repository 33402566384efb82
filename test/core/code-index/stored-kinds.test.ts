import { afterEach, describe, expect, it } from 'vitest';
import { kindCodesSql, kindNameSql, toKindCode, toKindName, type KindTable } from '../../../src/core/code-index/stored-kinds.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

const NAMES: Record<KindTable, string[]> = {
  symbol: ['class', 'constant', 'enum', 'field', 'function', 'interface', 'macro', 'method', 'module', 'struct', 'trait', 'type'],
  reference: ['call', 'import', 'inherit', 'new', 'type'],
  edge: ['call', 'contains', 'import', 'inherit', 'type'],
  import: ['contains', 'import'],
  chunk: ['group', 'header', 'part', 'symbol', 'window'],
};

describe('stored kinds', () => {
  it.each(Object.keys(NAMES) as KindTable[])('gives every %s kind a code that maps back to it', (table) => {
    for (const name of NAMES[table]) expect(toKindName(table, toKindCode(table, name as never))).toBe(name);
  });

  it.each(Object.keys(NAMES) as KindTable[])('numbers the %s kinds in the order of their names, so keys sort as the names did', (table) => {
    const codes = NAMES[table].map((name) => toKindCode(table, name as never));
    expect(codes).toEqual(codes.map((_, i) => i));
    expect([...NAMES[table]].sort()).toEqual(NAMES[table]);
  });

  it('refuses a name or a code it does not know', () => {
    expect(() => toKindCode('edge', 'new' as never)).toThrow(/edge kind new/);
    expect(() => toKindName('chunk', 9)).toThrow(/stored code 9/);
  });

  it('writes lists and names into SQL that an index built with them answers', async () => {
    repo = await indexSample();
    const db = repo.store.db;
    const edgeKinds = db
      .prepare(`SELECT DISTINCT ${kindNameSql('edge', 'kind')} FROM edges ORDER BY kind`)
      .pluck()
      .all();
    expect(edgeKinds).toEqual(['call', 'import', 'type']);
    const typeofKinds = db.prepare('SELECT DISTINCT typeof(kind) FROM refs UNION SELECT DISTINCT typeof(kind) FROM symbols').pluck().all();
    expect(typeofKinds).toEqual(['integer']);
    const imports = db
      .prepare(`SELECT count(*) FROM refs WHERE kind IN ${kindCodesSql('reference', ['import'])} AND name = 'parseHttpRequest'`)
      .pluck()
      .get();
    expect(imports).toBeGreaterThan(0);
  });
});
