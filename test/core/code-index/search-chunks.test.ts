import { afterEach, describe, expect, it } from 'vitest';
import { splitIdentifier, toSearchTerms } from '../../../src/core/code-index/identifier-terms.js';
import { searchChunks, toFtsQuery } from '../../../src/core/code-index/search-chunks.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

describe('splitIdentifier', () => {
  it.each([
    ['parseHttpRequest', ['parse', 'http', 'request']],
    ['parse_http_request', ['parse', 'http', 'request']],
    ['ParseHTTPRequest', ['parse', 'http', 'request']],
    ['HTTPServer2', ['http', 'server2']],
    ['__init__', ['init']],
    ['x', ['x']],
  ])('splits %s', (input, words) => {
    expect(splitIdentifier(input)).toEqual(words);
  });

  it('keeps the joined form beside the parts in search text', () => {
    expect(toSearchTerms('parseHttpRequest(x)')).toBe('parsehttprequest parse http request x');
  });
});

describe('toFtsQuery', () => {
  it('drops question words and quotes every term, so FTS syntax in a question is inert', () => {
    expect(toFtsQuery('where is parseHttpRequest defined?')).toEqual({
      strict: '("parsehttprequest" OR ("parse" AND "http" AND "request")) AND "defined"',
      loose: '"parse" OR "http" OR "request" OR "parsehttprequest" OR "defined"',
    });
    expect(toFtsQuery('NEAR(a b) OR "x" *')).toEqual({ strict: '"near"', loose: '"near"' });
    expect(toFtsQuery('the of is')).toBeUndefined();
  });
});

describe('searchChunks', () => {
  it('finds camelCase and snake_case code from plain words', async () => {
    repo = await indexSample({
      'a.ts': 'export function parseHttpRequest(raw: string) { return raw; }\n',
      'b.py': 'def parse_http_request(raw):\n    return raw\n',
      'c.ts': 'export function renderPage() { return 1; }\n',
    });
    const hits = searchChunks(repo.store, 'parse http request');
    expect(hits.map((h) => h.path).sort()).toEqual(['a.ts', 'b.py']);
    expect(hits[0]!.context).toMatch(/parse_?[hH]ttp_?[rR]equest/);
  });

  it('ranks a chunk that defines the name above one that only mentions it', async () => {
    repo = await indexSample({
      'mention.ts': 'export function other() {\n  // the uploader is elsewhere; we retry uploads there\n  return 1;\n}\n',
      'uploader.ts': 'export class Uploader {\n  retryUpload() { return 2; }\n}\n',
    });
    expect(searchChunks(repo.store, 'retry upload')[0]!.path).toBe('uploader.ts');
  });

  it('ranks chunks with every word first, then fills with chunks that have some', async () => {
    repo = await indexSample({
      'both.ts': 'export function retryUpload() { return 1; }\n',
      'one.ts': 'export function retryLater() { return 2; }\n',
      'none.ts': 'export function other() { return 3; }\n',
    });
    expect(searchChunks(repo.store, 'retry upload').map((h) => h.path)).toEqual(['both.ts', 'one.ts']);
    // allWords: no fill with chunks that have only some of the words.
    expect(searchChunks(repo.store, 'retry upload', { allWords: true }).map((h) => h.path)).toEqual(['both.ts']);
  });

  it('finds a phrase: its words in order, side by side', async () => {
    repo = await indexSample({
      'checkers/variables.py': 'MSGS = {"E0601": "used-before-assignment"}\n',
      'checkers/typecheck.py': 'def visit_assign(node):\n    # a name used before, in an assignment\n    return node\n',
    });
    expect(
      searchChunks(repo.store, 'used-before-assignment', { allWords: true })
        .map((h) => h.path)
        .sort(),
    ).toEqual(['checkers/typecheck.py', 'checkers/variables.py']);
    expect(searchChunks(repo.store, 'used-before-assignment', { phrase: true }).map((h) => h.path)).toEqual(['checkers/variables.py']);
    expect(searchChunks(repo.store, 'E0601', { phrase: true }).map((h) => h.path)).toEqual(['checkers/variables.py']);
  });

  it('finds text files and can be limited to a folder', async () => {
    repo = await indexSample();
    expect(searchChunks(repo.store, 'sample repository').map((h) => h.path)).toEqual(['README.md']);
    expect(searchChunks(repo.store, 'request', { pathPrefix: 'tools' })).toEqual([]);
    expect(searchChunks(repo.store, 'request', { pathPrefix: 'src/http' }).length).toBeGreaterThan(0);
  });
});
