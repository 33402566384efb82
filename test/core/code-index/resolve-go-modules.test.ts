import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import type { IndexStore } from '../../../src/core/code-index/index-store.js';
import { readGoModules } from '../../../src/core/code-index/read-go-modules.js';
import { PathCatalog, resolveImport } from '../../../src/core/code-index/resolve-imports.js';
import { toKindCode } from '../../../src/core/code-index/stored-kinds.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

const COBRA = {
  'go.mod': 'module github.com/spf13/cobra\n\ngo 1.15\n\nrequire github.com/spf13/pflag v1.0.5\n',
  'command.go': 'package cobra\n\ntype Command struct{}\n\nfunc (c *Command) Execute() error { return nil }\n',
  'args.go': 'package cobra\n\nfunc NoArgs() {}\n',
  'doc/man_docs.go':
    'package doc\n\nimport (\n\t"fmt"\n\t"github.com/spf13/cobra"\n)\n\nfunc GenMan(cmd *cobra.Command) { fmt.Println(cmd) }\n',
  'doc/util.go': 'package doc\n\nfunc helper() {}\n',
  'site/main.go': 'package main\n\nimport "github.com/spf13/cobra/doc"\n\nfunc main() { doc.GenMan(nil) }\n',
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

describe("Go imports through go.mod's module path", () => {
  it('resolves the module root and its packages to their folders', async () => {
    const catalog = new PathCatalog(Object.keys(COBRA));
    const goModules = [{ dir: '', path: 'github.com/spf13/cobra' }];
    expect(resolveImport('github.com/spf13/cobra', 'doc/man_docs.go', 'go', 'import', catalog, { goModules }).sort()).toEqual([
      'args.go',
      'command.go',
    ]);
    expect(resolveImport('github.com/spf13/cobra/doc', 'site/main.go', 'go', 'import', catalog, { goModules }).sort()).toEqual([
      'doc/man_docs.go',
      'doc/util.go',
    ]);
    // Without go.mod the module root is not found (the repository's folder is not named cobra here).
    expect(resolveImport('github.com/spf13/cobra', 'doc/man_docs.go', 'go', 'import', catalog)).toEqual([]);
    expect(resolveImport('github.com/spf13/pflag', 'doc/man_docs.go', 'go', 'import', catalog, { goModules })).toEqual([]);
  });

  it('reads module paths from go.mod files, nested modules first, and ignores a module line that is not a path', async () => {
    const files = [
      { path: 'go.mod', size: 30, blobSha: 'a', mtimeMs: 0 },
      { path: 'tools/go.mod', size: 30, blobSha: 'b', mtimeMs: 0 },
      { path: 'bad/go.mod', size: 30, blobSha: 'c', mtimeMs: 0 },
      { path: 'notgo.mod.txt', size: 30, blobSha: 'd', mtimeMs: 0 },
    ];
    const text: Record<string, string> = {
      'go.mod': 'module example.com/m\n',
      'tools/go.mod': '// tools\nmodule "example.com/m/tools" // pinned\n',
      'bad/go.mod': 'module ../../etc\n',
    };
    expect(await readGoModules(files, (p) => Promise.resolve(text[p] ?? ''))).toEqual([
      { dir: 'tools', path: 'example.com/m/tools' },
      { dir: '', path: 'example.com/m' },
    ]);
  });

  it('links the edges in a real index, and relinks when go.mod appears', async () => {
    const { 'go.mod': goMod, ...withoutGoMod } = COBRA;
    repo = await indexSample(withoutGoMod);
    expect(importEdges(repo.store)).toEqual([
      { src: 'site/main.go', dst: 'doc/man_docs.go' },
      { src: 'site/main.go', dst: 'doc/util.go' },
    ]);
    writeFileSync(path.join(repo.root, 'go.mod'), goMod);
    await indexRepository(repo.source, repo.store, { workers: 0 });
    expect(importEdges(repo.store)).toEqual([
      { src: 'doc/man_docs.go', dst: 'args.go' },
      { src: 'doc/man_docs.go', dst: 'command.go' },
      { src: 'site/main.go', dst: 'doc/man_docs.go' },
      { src: 'site/main.go', dst: 'doc/util.go' },
    ]);
  });
});
