import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { buildArchitectureDiagram } from '../../../src/core/diagram/build-architecture-diagram.js';
import { buildComponentDiagram, findMainPackage } from '../../../src/core/diagram/build-component-diagram.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';
import { expectMermaidParses } from './expect-mermaid-parses.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function indexFiles(files: Record<string, string>) {
  repo = await indexSample(files);
  return { index: new SqliteCodeIndex(repo.store) };
}

/** A small Python web framework in src/, with an example app and tests that import it. */
const FRAMEWORK: Record<string, string> = {
  'src/web/__init__.py': 'from .app import App\nfrom .routing import Rule\n',
  'src/web/app.py':
    'from .routing import Rule, Map\nfrom .ctx import RequestContext\n\nclass App:\n    def route(self, path):\n        return Rule(path)\n\n    def context(self):\n        return RequestContext(self)\n',
  'src/web/routing.py':
    'class Rule:\n    def __init__(self, path):\n        self.path = path\n\nclass Map:\n    pass\n\ndef unused_helper():\n    return 1\n',
  'src/web/ctx.py': 'class RequestContext:\n    def __init__(self, app):\n        self.app = app\n',
  'examples/hello/app.py': 'from web import App\n\napp = App()\n',
  'tests/test_app.py': 'from web.app import App\n\ndef test_app():\n    assert App()\n',
};

describe('buildComponentDiagram', () => {
  it("draws the main package's modules with the symbols each uses of the other", async () => {
    const { index } = await indexFiles(FRAMEWORK);
    const graph = await buildComponentDiagram(index);
    expect(graph.type).toBe('component');
    expect(graph.title).toBe('src/web: 4 modules and the symbols they use of each other; not drawn: examples/ (1 file), tests (1 file)');
    expect(graph.edges.find((e) => e.from === 'src/web/app.py' && e.to === 'src/web/routing.py')).toMatchObject({
      kind: 'import',
      label: 'Rule, Map',
      weight: 2,
    });
    expect(graph.edges.find((e) => e.from === 'src/web/app.py' && e.to === 'src/web/ctx.py')).toMatchObject({ label: 'RequestContext' });
    // A box names what the others use of it, not everything it defines.
    expect(graph.nodes.find((n) => n.id === 'src/web/routing.py')?.label).toBe('routing.py: Rule, Map');
    expect(graph.nodes.flatMap((n) => n.paths).every((p) => p.startsWith('src/web/'))).toBe(true);
    const { text } = compileMermaid(graph);
    await expectMermaidParses(text);
  });

  it('differs from the architecture diagram of the same repository', async () => {
    const { index } = await indexFiles(FRAMEWORK);
    const component = compileMermaid(await buildComponentDiagram(index)).text;
    const architecture = compileMermaid(buildArchitectureDiagram(index)).text;
    expect(component).not.toBe(architecture);
  });

  it('draws no arrow for a call matched by name without an import', async () => {
    const { index } = await indexFiles({
      'pkg/a.py': 'from .b import run\n\ndef main():\n    return run() + helper()\n',
      'pkg/b.py': 'def run():\n    return 1\n',
      'pkg/c.py': 'def helper():\n    return 2\n',
    });
    const graph = await buildComponentDiagram(index);
    expect(graph.edges.map((e) => [e.from, e.to, e.label])).toEqual([['pkg/a.py', 'pkg/b.py', 'run']]);
  });

  it('labels an arrow with names the importer refers to, not words in its comments or names it defines itself', async () => {
    const { index } = await indexFiles({
      'pkg/__init__.py': '',
      'pkg/a.py': 'from .b import run\n\n# helper and dumps are only mentioned here\n\ndef dumps():\n    return run()\n',
      'pkg/b.py': 'def run():\n    return 1\n\ndef helper():\n    return 2\n\ndef dumps():\n    return 3\n',
    });
    const graph = await buildComponentDiagram(index);
    expect(graph.edges.filter((e) => e.from === 'pkg/a.py').map((e) => [e.to, e.label])).toEqual([['pkg/b.py', 'run']]);
  });

  it('in a Go package, draws an arrow only to the file whose symbol is used', async () => {
    const { index } = await indexFiles({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'shop/app/main.go': 'package app\n\nimport "example.com/shop/store"\n\nfunc Run() { store.Open() }\n',
      'shop/store/open.go': 'package store\n\nfunc Open() {}\n',
      'shop/store/close.go': 'package store\n\nfunc Close() {}\n',
    });
    const graph = await buildComponentDiagram(index);
    expect(graph.edges.map((e) => [e.from, e.to, e.label])).toEqual([['shop/app/main.go', 'shop/store/open.go', 'Open']]);
  });

  it('in a Go package, links files of the package where a name resolves to one of them', async () => {
    const { index } = await indexFiles({
      'go.mod': 'module example.com/cli\n\ngo 1.22\n',
      'cli/command.go': 'package cli\n\ntype Command struct{}\n\nfunc (c *Command) Execute() error { return validateArgs(c) }\n',
      'cli/args.go': 'package cli\n\nfunc validateArgs(c *Command) error { return nil }\n',
      'cli/help.go': 'package cli\n\nfunc helpText() string { return "" }\n',
    });
    const graph = await buildComponentDiagram(index);
    expect(graph.edges.map((e) => [e.from, e.to, e.kind, e.label]).sort()).toEqual([
      ['cli/args.go', 'cli/command.go', 'scope', 'Command'],
      ['cli/command.go', 'cli/args.go', 'scope', 'validateArgs'],
    ]);
  });
});

describe('findMainPackage', () => {
  it('is the folder holding every product file', () => {
    expect(findMainPackage(['src/flask/app.py', 'src/flask/json/tag.py'])).toBe('src/flask');
  });

  it('is the fullest top-level folder, followed down, when the product spans several', () => {
    expect(
      findMainPackage([
        'gson/src/main/java/com/google/gson/Gson.java',
        'gson/src/main/java/com/google/gson/internal/Excluder.java',
        'extras/src/main/java/Extra.java',
      ]),
    ).toBe('gson/src/main/java/com/google/gson');
  });

  it('is the root when most files sit there', () => {
    expect(findMainPackage(['command.go', 'args.go', 'doc/man.go'])).toBe('');
  });
});
