import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkContextSql } from '../../../src/core/code-index/chunk-context.js';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { parseFile } from '../../../src/core/code-index/parse-file.js';
import { searchChunks } from '../../../src/core/code-index/search-chunks.js';
import { SqlPathLookup } from '../../../src/core/code-index/sql-path-lookup.js';
import { toKindCode } from '../../../src/core/code-index/stored-kinds.js';
import { indexSample, SAMPLE_FILES, type IndexedRepo } from '../../helpers/sample-repo.js';
import { writeFiles } from '../../helpers/temp-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

const longParameters = Array.from({ length: 40 }, (_, i) => `parameterNumber${i}: string`).join(', ');
const FILES: Record<string, string> = {
  ...SAMPLE_FILES,
  // More than eight imports: the header's context lists the first eight.
  'src/many-imports.ts': [
    ...Array.from({ length: 11 }, (_, i) => `import { v${i} } from './mod${i}.js';`),
    '',
    'export function sum(): number {',
    `  return ${Array.from({ length: 11 }, (_, i) => `v${i}`).join(' + ')};`,
    '}',
    '',
  ].join('\n'),
  // Small neighbours are grouped (a context of its own); a long signature is cut at 300 characters.
  'src/group.ts': [
    'export function one() { return 1; }',
    'export function two() { return 2; }',
    'export function three() { return 3; }',
    '',
    `export function long(${longParameters}): void {}`,
    '',
    'export class Big {',
    ...Array.from({ length: 90 }, (_, i) => `  method${i}(): number { return ${i}; }`),
    '}',
    '',
  ].join('\n'),
  'docs/notes.txt': Array.from({ length: 150 }, (_, i) => `line ${i}`).join('\n'),
};

/** Every chunk's context as the index returns it, per file, in chunk order. */
function storedContexts(store: IndexedRepo['store']): Map<string, string[]> {
  const rows = store.db
    .prepare(`SELECT f.path, ${chunkContextSql('c')} AS context FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.id`)
    .all() as { path: string; context: string }[];
  const byPath = new Map<string, string[]>();
  for (const row of rows) byPath.set(row.path, [...(byPath.get(row.path) ?? []), row.context]);
  return byPath;
}

async function expectContextsAsParsed(indexed: IndexedRepo): Promise<void> {
  const stored = storedContexts(indexed.store);
  for (const file of indexed.store.listFiles()) {
    const parsed = await parseFile(file.path, readFileSync(path.join(indexed.root, file.path)));
    expect(stored.get(file.path) ?? [], file.path).toEqual(parsed.chunks.map((c) => c.context));
  }
}

describe('chunk context', () => {
  it('gives back every chunk context the parser made, storing only those it cannot rebuild', async () => {
    repo = await indexSample(FILES);
    await expectContextsAsParsed(repo);
    const counts = repo.store.db.prepare('SELECT count(*) AS all_, count(context) AS stored FROM chunks').get() as {
      all_: number;
      stored: number;
    };
    expect(counts.all_).toBeGreaterThan(10);
    // Stored: the group's joined context and the cut long signature; not the symbol, header or window chunks.
    expect(counts.stored).toBeGreaterThan(0);
    expect(counts.stored).toBeLessThan(counts.all_ / 3);
    const header = new SqliteCodeIndex(repo.store).chunkAt('src/many-imports.ts', 1);
    expect(header?.context).toBe(`imports ${Array.from({ length: 8 }, (_, i) => `./mod${i}.js`).join(', ')}`);
    expect(searchChunks(repo.store, 'parse http request')[0]!.context).toMatch(/^export function parseHttpRequest\(raw: string\)/);
  });

  it('stays right after a refresh rewrites, adds and removes files', async () => {
    repo = await indexSample(FILES);
    writeFiles(repo.root, {
      'src/many-imports.ts': "import { z } from './zed.js';\n\nexport const zz = z;\n",
      'src/server.ts': 'export class Server {\n  serve(): void {}\n}\n',
      'src/added/new-file.ts': "import { a } from '../a.js';\nexport function added(): number { return a; }\n",
    });
    await indexRepository(repo.source, repo.store, { workers: 0 });
    await expectContextsAsParsed(repo);
    expect(new SqliteCodeIndex(repo.store).chunkAt('src/many-imports.ts', 1)?.context).toBe('imports ./zed.js');
  });
});

describe('folders', () => {
  it('answers folder lookups from the folders table, leaving out folders whose files are gone', async () => {
    repo = await indexSample(FILES);
    const lookup = new SqlPathLookup(repo.store);
    expect(lookup.filesIn('src/http')).toEqual(['src/http/headers.ts', 'src/http/parse-http-request.ts']);
    expect(lookup.filesIn('')).toEqual(['README.md']);
    expect(lookup.dirsWithSuffix('http')).toEqual(['src/http']);
    expect(lookup.dirsWithSuffix('tools')).toEqual(['tools']);
    const { rmSync } = await import('node:fs');
    rmSync(path.join(repo.root, 'tools'), { recursive: true });
    await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(lookup.filesIn('tools')).toEqual([]);
    expect(lookup.dirsWithSuffix('tools')).toEqual([]);
  });
});

describe('compact', () => {
  it('packs the file and leaves the index readable, its WAL truncated', async () => {
    repo = await indexSample(FILES);
    const db = repo.store.db;
    repo.store.transaction(() => db.exec(`DELETE FROM refs WHERE kind = ${toKindCode('reference', 'import')}`));
    repo.store.checkpoint();
    const pages = () => db.pragma('page_count', { simple: true }) as number;
    const before = pages();
    expect(repo.store.compact()).toBe(true);
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(pages()).toBeLessThanOrEqual(before);
    expect(statSync(`${repo.indexFile}-wal`).size).toBe(0);
    expect(searchChunks(repo.store, 'parse http request')[0]!.path).toBe('src/http/parse-http-request.ts');
  });
});
