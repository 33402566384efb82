import { afterEach, describe, expect, it } from 'vitest';
import { GraphQueries } from '../../../src/core/code-index/graph-queries.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function callSitesOf(files: Record<string, string>, name: string) {
  repo = await indexSample(files);
  const graph = new GraphQueries(repo.store);
  const definition = graph.findDefinitions(name)[0]!;
  const sites = graph.callSites(definition.id, 1);
  return { ...sites, callers: sites.callers.map((c) => `${c.path}:${c.line}`) };
}

const DECODERS = [
  'class ContentDecoder:',
  '    def decode(self, data):',
  '        raise NotImplementedError()',
  '',
  'class ZStandardDecoder(ContentDecoder):',
  '    def __init__(self):',
  '        self.decompressor = make()',
  '',
  '    def decode(self, data):',
  '        return self.decompressor.decode(data)',
  '',
  '    def flush(self):',
  '        self.decompressor.flush()',
  '        return self.decode(b"")',
  '',
  'class TextDecoder:',
  '    def decode(self, data):',
  '        return data.decode()',
  '',
].join('\n');

describe('callers through the receiver the index resolved', () => {
  it('does not count calls of the same name on other objects, and says how many it could not tell', async () => {
    const sites = await callSitesOf(
      {
        'pkg/__init__.py': '',
        'pkg/decoders.py': DECODERS,
        'pkg/models.py': 'from .decoders import TextDecoder\n\ndef text(raw, decoder):\n    return decoder.decode(raw)\n',
      },
      'ZStandardDecoder.decode',
    );
    // Only `self.decode` in its own class; `self.decompressor.decode`, `data.decode` and `decoder.decode` are not typed.
    expect(sites.callers).toEqual(['pkg/decoders.py:14']);
    expect(sites.unresolved).toBe(3);
    expect(sites.ambiguous).toBe(false);
  });

  it('links a common method name when the receiver is typed: constructed, annotated, or the class imported by name', async () => {
    const sites = await callSitesOf(
      {
        'pkg/__init__.py': 'from .store import Store\n',
        'pkg/store.py':
          'class Store:\n    def get(self, key):\n        return key\n\nclass Other:\n    def get(self, key):\n        return key\n',
        'pkg/use_new.py': 'from .store import Store\n\ndef read():\n    store = Store()\n    return store.get("a")\n',
        'pkg/use_typed.py': 'from .store import Store\n\ndef read(store: Store):\n    return store.get("a")\n',
        'pkg/use_other.py': 'from .store import Other\n\ndef read():\n    return Other().get("a")\n',
        'pkg/use_unknown.py': 'from .store import Store\n\ndef read(thing):\n    return thing.get("a")\n',
      },
      'Store.get',
    );
    expect(sites.callers).toEqual(['pkg/use_new.py:5', 'pkg/use_typed.py:4']);
    expect(sites.unresolved).toBe(1);
  });

  it("links `self.m()` in a subclass to the base class's method", async () => {
    const sites = await callSitesOf(
      { 'pkg/decoders.py': `${DECODERS}\nclass Sub(TextDecoder):\n    def run(self):\n        return self.decode(b"")\n` },
      'TextDecoder.decode',
    );
    expect(sites.callers).toEqual(['pkg/decoders.py:22']);
  });

  it("does not link `self.m()` in a subclass that defines its own `m` to the base class's", async () => {
    const sites = await callSitesOf({ 'pkg/decoders.py': DECODERS }, 'ContentDecoder.decode');
    // ZStandardDecoder.flush's `self.decode(b"")` reaches ZStandardDecoder.decode, which overrides it.
    expect(sites.callers).toEqual([]);
  });

  it("links `super()._x()` in a subclass to the base's `_x`, not to the subclass's own", async () => {
    const files = {
      'pkg/fields.py': [
        'class Field:',
        '    def _x(self, value):',
        '        return value',
        '',
        'class DateTime(Field):',
        '    def _x(self, value):',
        '        return super()._x(value)',
        '',
        'class AwareDateTime(DateTime):',
        '    def _x(self, value):',
        '        return super()._x(value)',
      ].join('\n'),
    };
    const base = await callSitesOf(files, 'DateTime._x');
    expect(base.callers).toEqual(['pkg/fields.py:11']);
    expect(base.unresolved).toBe(0);
    repo?.store.close();
    const own = await callSitesOf(files, 'AwareDateTime._x');
    expect(own.callers).toEqual([]);
    expect(own.unresolved).toBe(0);
    repo?.store.close();
    // DateTime defines its own `_x`: AwareDateTime's super() call stops there, only DateTime's reaches Field's.
    const root = await callSitesOf(files, 'Field._x');
    expect(root.callers).toEqual(['pkg/fields.py:7']);
  });

  it("links JavaScript's `super(…)` to the base class's constructor only where the base resolves", async () => {
    const files = {
      'lib/error.js': [
        'export class CommanderError extends Error {',
        '  constructor(exitCode, code, message) {',
        '    super(message);',
        '  }',
        '}',
        'export class InvalidArgumentError extends CommanderError {',
        '  constructor(message) {',
        "    super(1, 'commander.invalidArgument', message);",
        '  }',
        '}',
      ].join('\n'),
      'lib/option.js': [
        "import { CommanderError } from './error.js';",
        'export class OptionError extends CommanderError {',
        '  constructor(message) {',
        "    super(2, 'commander.option', message);",
        '  }',
        '}',
        'export class Option {',
        '  constructor(flags) {',
        '    this.flags = flags;',
        '  }',
        '}',
      ].join('\n'),
      // A class of that name this file neither defines nor imports: not the one in lib/error.js.
      'lib/loose.js': 'export class LooseError extends CommanderError {\n  constructor() {\n    super(3);\n  }\n}\n',
      'lib/command.js': [
        "import { EventEmitter } from 'node:events';",
        "import { Option } from './option.js';",
        'export class Command extends EventEmitter {',
        '  constructor() {',
        '    super();',
        '  }',
        '}',
      ].join('\n'),
    };
    const sites = await callSitesOf(files, 'CommanderError.constructor');
    expect(sites.callers).toEqual(['lib/error.js:8', 'lib/option.js:4']);
    expect(sites.unresolved).toBe(0);
    repo?.store.close();
    // Command's super() calls EventEmitter's, which this repository does not define: no caller of another constructor.
    const option = await callSitesOf(files, 'Option.constructor');
    expect(option.callers).toEqual([]);
    // Nor a file edge to every file that defines a constructor.
    const edges = repo!.store.db
      .prepare(
        `SELECT d.path FROM edges e JOIN files s ON s.id = e.src_file_id JOIN files d ON d.id = e.dst_file_id
         WHERE s.path = 'lib/command.js' ORDER BY d.path`,
      )
      .pluck()
      .all();
    expect(edges).toEqual(['lib/option.js']);
  });

  it('links Go calls through the method receiver, a typed parameter and an embedded struct', async () => {
    const sites = await callSitesOf(
      {
        'go.mod': 'module example.com/m\n',
        'gin/context.go':
          'package gin\n\ntype Context struct{}\n\nfunc (c *Context) Next() {}\n\nfunc (c *Context) Run() {\n\tc.Next()\n}\n',
        'gin/engine.go':
          'package gin\n\ntype Wrapped struct {\n\t*Context\n}\n\nfunc handle(ctx *Context, x Other) {\n\tx.Next()\n\tctx.Next()\n}\n\nfunc wrap(w *Wrapped) {\n\tw.Next()\n}\n\nfunc other(x Other) {\n\tx.Next()\n}\n',
      },
      'Context.Next',
    );
    expect(sites.callers).toEqual(['gin/context.go:8', 'gin/engine.go:9', 'gin/engine.go:13']);
  });

  it('still refuses to count a plain function whose name is too common to link by name', async () => {
    const sites = await callSitesOf(
      { 'src/a.py': 'def get(x):\n    return x\n', 'src/b.py': 'from .a import get\n\ndef f():\n    get(1)\n' },
      'get',
    );
    expect(sites).toMatchObject({ callers: [], ambiguous: true });
  });
});

describe('the callers of a constructor', () => {
  it('are where its class is instantiated (Python), besides `super().__init__()` calls', async () => {
    const sites = await callSitesOf(
      {
        'pkg/__init__.py': '',
        'pkg/fields.py':
          'class Field:\n    def __init__(self, name):\n        self.name = name\n\nclass Date(Field):\n    def __init__(self):\n        super().__init__("date")\n',
        'pkg/schema.py': 'from .fields import Field\n\ndef build():\n    return Field("x")\n',
      },
      'Field.__init__',
    );
    expect(sites.callers).toEqual(['pkg/fields.py:7', 'pkg/schema.py:4']);
  });

  it('are the `new` expressions of its class (JavaScript)', async () => {
    const sites = await callSitesOf(
      {
        'lib/command.js': 'export class Command {\n  constructor(name) {\n    this.name = name;\n  }\n}\n',
        'lib/main.js': "import { Command } from './command.js';\n\nexport function program() {\n  return new Command('x');\n}\n",
      },
      'Command.constructor',
    );
    expect(sites.callers).toEqual(['lib/main.js:4']);
  });
});
