import { afterEach, describe, expect, it } from 'vitest';
import { sameSymbolName, symbolNameAnyCase } from '../../../src/core/code-index/symbol-name-sql.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

const plan = (repo: IndexedRepo, sql: string, params: Record<string, string> = {}) =>
  (repo.store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail).join('\n');

describe('symbol name lookups', () => {
  it('find a name exactly, or in any case, through the one case-folded index', async () => {
    repo = await indexSample();
    const exact = `SELECT name FROM symbols WHERE ${sameSymbolName('name', '@name')}`;
    const anyCase = `SELECT name FROM symbols WHERE ${symbolNameAnyCase('name', '@name')}`;
    expect(plan(repo, exact, { name: 'x' })).toMatch(/USING (COVERING )?INDEX symbols_name/);
    expect(plan(repo, anyCase, { name: 'x' })).toMatch(/USING (COVERING )?INDEX symbols_name/);
    expect(repo.store.db.prepare(exact).pluck().all({ name: 'parseHttpRequest' })).toEqual(['parseHttpRequest']);
    expect(repo.store.db.prepare(exact).pluck().all({ name: 'PARSEHTTPREQUEST' })).toEqual([]);
    expect(repo.store.db.prepare(anyCase).pluck().all({ name: 'PARSEHTTPREQUEST' })).toEqual(['parseHttpRequest']);
  });

  it('join a reference to the definitions of its name through the index', async () => {
    repo = await indexSample();
    const join = `SELECT s.file_id FROM refs r JOIN symbols s ON ${sameSymbolName('s.name', 'r.name')} WHERE r.file_id = 1`;
    expect(plan(repo, join)).toMatch(/SEARCH s USING (COVERING )?INDEX symbols_name/);
  });
});
