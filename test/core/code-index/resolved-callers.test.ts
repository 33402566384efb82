import { afterEach, describe, expect, it } from 'vitest';
import { GraphQueries } from '../../../src/core/code-index/graph-queries.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function callersOf(files: Record<string, string>, name: string, path: string): Promise<string[]> {
  repo = await indexSample(files);
  const graph = new GraphQueries(repo.store);
  const definition = graph.findDefinitions(name).find((d) => d.path === path)!;
  return graph.callers(definition.id, 1).map((c) => `${c.path}:${c.line}`);
}

describe('callers are linked through what the index resolved, never by name alone', () => {
  it('counts a caller that imports the defining module, not one that only shares the name', async () => {
    const callers = await callersOf(
      {
        'src/cache.ts': 'export function evict(key: string): void {\n  console.log(key);\n}\n',
        'src/store.ts': "import { evict } from './cache';\nexport function drop(k: string) {\n  evict(k);\n}\n",
        // Its own `evict`, called by name: not a caller of cache.ts's.
        'src/other.ts': 'function evict(k: string) { return k; }\nexport function clear(k: string) {\n  evict(k);\n}\n',
        'src/unrelated.ts': 'declare const evict: (k: string) => void;\nexport function run() {\n  evict("x");\n}\n',
      },
      'evict',
      'src/cache.ts',
    );
    expect(callers).toEqual(['src/store.ts:3']);
  });

  it("follows a Python package's re-export in __init__.py", async () => {
    const callers = await callersOf(
      {
        'pkg/__init__.py': 'from .app import Flask\n',
        'pkg/app.py': 'class Flask:\n    pass\n',
        'tests/test_app.py': 'from pkg import Flask\n\ndef test_it():\n    Flask()\n',
        'examples/other.py': 'def Flask():\n    pass\n\nFlask()\n',
      },
      'Flask',
      'pkg/app.py',
    );
    expect(callers).toEqual(['tests/test_app.py:4']);
  });

  it('links a method call only where the calling file imports its class, not every `x.duplicate()` near the package', async () => {
    const callers = await callersOf(
      {
        'pkg/__init__.py': 'from .ctx import RequestContext\nfrom . import typing\n',
        'pkg/typing.py': 'Alias = int\n',
        'pkg/ctx.py': 'class RequestContext:\n    def duplicate(self):\n        return self\n',
        'pkg/blueprints.py': 'from . import typing\n\ndef register(opts):\n    return opts.duplicate()\n',
        'tests/test_ctx.py': 'from pkg import RequestContext\n\ndef test_copy():\n    RequestContext().duplicate()\n',
      },
      'duplicate',
      'pkg/ctx.py',
    );
    expect(callers).toEqual(['tests/test_ctx.py:4']);
  });

  it("prefers the calling file's own definition of a name over an imported one", async () => {
    const callers = await callersOf(
      {
        'src/app.py': 'class App:\n    def add_url_rule(self, rule):\n        return rule\n',
        'src/blueprints.py':
          'from .app import App\n\nclass State:\n    def add_url_rule(self, rule):\n        return rule\n\ndef register(state: State):\n    state.add_url_rule("/")\n',
      },
      'add_url_rule',
      'src/app.py',
    );
    expect(callers).toEqual([]);
  });

  it('links Go files of one package, which call each other without imports', async () => {
    const callers = await callersOf(
      {
        'go.mod': 'module example.com/m\n',
        'store/a.go': 'package store\n\nfunc Persist(k string) {}\n',
        'store/b.go': 'package store\n\nfunc Save() {\n\tPersist("x")\n}\n',
        'other/c.go': 'package other\n\nfunc Persist(k string) {}\n\nfunc Run() {\n\tPersist("y")\n}\n',
      },
      'Persist',
      'store/a.go',
    );
    expect(callers).toEqual(['store/b.go:4']);
  });

  it('links a C file through the header beside the definition', async () => {
    const callers = await callersOf(
      {
        'lib/buf.h': 'int buf_len(void);\n',
        'lib/buf.c': '#include "buf.h"\nint buf_len(void) { return 0; }\n',
        'src/main.c': '#include "../lib/buf.h"\nint main(void) { return buf_len(); }\n',
        'src/alone.c': 'int buf_len(void);\nint other(void) { return buf_len(); }\n',
      },
      'buf_len',
      'lib/buf.c',
    );
    expect(callers).toEqual(['src/main.c:2']);
  });
});
