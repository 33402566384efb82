import { afterEach, describe, expect, it } from 'vitest';
import type { IndexStore } from '../../../src/core/code-index/index-store.js';
import { readPackageMains } from '../../../src/core/code-index/read-package-mains.js';
import { PathCatalog, resolveImport } from '../../../src/core/code-index/resolve-imports.js';
import { toKindCode } from '../../../src/core/code-index/stored-kinds.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

/** koa's shape: the entry is lib/application.js, and the tests require the package folder or its name. */
const KOA = {
  'package.json': JSON.stringify({ name: 'koa', main: 'lib/application.js' }),
  'lib/application.js': "'use strict'\nconst context = require('./context')\nmodule.exports = class Application { use () {} }\n",
  'lib/context.js': "'use strict'\nmodule.exports = { inspect () {} }\n",
  '__tests__/application/use.test.js': "'use strict'\nconst Koa = require('../..')\nnew Koa().use()\n",
  '__tests__/context/inspect.test.js': "'use strict'\nconst Koa = require('koa')\nconst context = require('koa/lib/context')\n",
};

let repo: IndexedRepo | undefined;
afterEach(() => {
  repo?.store.close();
  repo = undefined;
});

const importEdges = (store: IndexStore) =>
  store.db
    .prepare(
      `SELECT s.path AS src, d.path AS dst FROM edges e JOIN files s ON s.id = e.src_file_id JOIN files d ON d.id = e.dst_file_id
       WHERE e.kind = ${toKindCode('edge', 'import')} ORDER BY src, dst`,
    )
    .all();

describe("JavaScript imports of a package's folder or own name, through package.json's main", () => {
  it('resolves the folder and the name to the main file, and a subpath of the name to its file', () => {
    const catalog = new PathCatalog(Object.keys(KOA));
    const packageMains = [{ dir: '', name: 'koa', main: 'lib/application.js' }];
    const resolve = (source: string, from: string) => resolveImport(source, from, 'javascript', 'import', catalog, { packageMains });
    expect(resolve('../..', '__tests__/application/use.test.js')).toEqual(['lib/application.js']);
    expect(resolve('koa', '__tests__/context/inspect.test.js')).toEqual(['lib/application.js']);
    expect(resolve('koa/lib/context', '__tests__/context/inspect.test.js')).toEqual(['lib/context.js']);
    expect(resolve('../../..', '__tests__/application/use.test.js')).toEqual([]);
    expect(resolve('express', '__tests__/context/inspect.test.js')).toEqual([]);
    // Without package.json the folder is not a module (no index.js here).
    expect(resolveImport('../..', '__tests__/application/use.test.js', 'javascript', 'import', catalog)).toEqual([]);
  });

  it('reads main as a path inside its folder, and ignores one that leaves it, is absolute, or is not JSON', async () => {
    const text: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'root', main: './lib/index.js' }),
      'packages/a/package.json': JSON.stringify({ name: '@s/a', main: '../../escape.js' }),
      'packages/b/package.json': JSON.stringify({ main: '/etc/passwd' }),
      'packages/c/package.json': '{ not json',
      'packages/d/package.json': JSON.stringify({ name: 'd', main: 'dist/d.cjs' }),
    };
    const files = Object.keys(text).map((p, i) => ({ path: p, size: text[p]!.length, blobSha: String(i), mtimeMs: 0 }));
    expect(await readPackageMains(files, async (p) => text[p]!)).toEqual([
      { dir: '', name: 'root', main: 'lib/index.js' },
      { dir: 'packages/d', name: 'd', main: 'packages/d/dist/d.cjs' },
    ]);
  });

  it('links a test to the file it tests in a real index, so a review sees the test reach it', async () => {
    repo = await indexSample(KOA);
    expect(importEdges(repo.store)).toEqual([
      { src: '__tests__/application/use.test.js', dst: 'lib/application.js' },
      { src: '__tests__/context/inspect.test.js', dst: 'lib/application.js' },
      { src: '__tests__/context/inspect.test.js', dst: 'lib/context.js' },
      { src: 'lib/application.js', dst: 'lib/context.js' },
    ]);
  });
});
