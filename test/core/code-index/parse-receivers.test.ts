import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/core/code-index/parse-file.js';
import { fields, receivers } from './fixture.js';

async function parse(path: string, source: string) {
  const parsed = await parseFile(path, new TextEncoder().encode(source));
  expect(parsed.status).toBe('ok');
  return parsed;
}

describe('parseFile reads what a member call is made on', () => {
  it('on Python: self, a constructed or annotated name, a class, a module; anything else is unknown', async () => {
    const parsed = await parse(
      'pkg/client.py',
      [
        'import io',
        'from .decoders import Decoder',
        '',
        'class Client:',
        '    def __init__(self):',
        '        self.decoder = Decoder()',
        '        self.other = make()',
        '',
        '    def send(self, request: Request, data: bytes):',
        '        self.prepare(request)',
        '        buffer = io.BytesIO()',
        '        buffer.write(data)',
        '        data.decode()',
        '        self.decoder.decode(data)',
        '        self.other.decode(data)',
        '        request.read()',
        '        Decoder.build()',
        '        return io.open(data)',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual([
      'prepare on Client',
      "BytesIO on ''",
      'write on BytesIO',
      'decode on bytes',
      'decode on Decoder',
      'decode on ?',
      'read on Request',
      'build on Decoder',
      "open on ''",
    ]);
    expect(fields(parsed)).toEqual(['Client.decoder', 'Client.other']);
  });

  it('on Go: the method receiver, typed parameters and literals, a package; a call result is unknown', async () => {
    const parsed = await parse(
      'ctx.go',
      [
        'package gin',
        '',
        'import "net/http"',
        '',
        'type Context struct {',
        '\tErrors errorMsgs',
        '\tengine *Engine',
        '}',
        '',
        'func (c *Context) Next(w http.ResponseWriter, e *Engine) {',
        '\tc.Abort()',
        '\te.handle()',
        '\tr := &Router{}',
        '\tr.add()',
        '\tc.engine.handle()',
        '\tx := build()',
        '\tx.run()',
        '\thttp.Error(w, "", 500)',
        '}',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual(['Abort on Context', 'handle on Engine', 'add on Router', 'handle on ?', 'run on ?', "Error on ''"]);
    expect(fields(parsed)).toEqual(['Context.Errors', 'Context.engine']);
  });

  it('on TypeScript: this, typed parameters and fields, new, imports', async () => {
    const parsed = await parse(
      'src/app.ts',
      [
        "import utils from './utils.js';",
        "import { Store } from './store.js';",
        '',
        'export class App {',
        '  private cache: Cache;',
        '  constructor(private readonly store: Store) {}',
        '  run(input: Input) {',
        '    this.start();',
        '    this.store.get();',
        '    this.cache.get();',
        '    input.parse();',
        '    new Parser().parse();',
        '    utils.forEach();',
        '    Store.open();',
        '    const worker = new Worker();',
        '    worker.post();',
        '    unknown.thing();',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual([
      'start on App',
      'get on Store',
      'get on Cache',
      'parse on Input',
      'parse on Parser',
      "forEach on ''",
      'open on Store',
      'post on Worker',
      'thing on ?',
    ]);
    expect(fields(parsed)).toEqual(['App.cache', 'App.store']);
  });

  it('on JavaScript: fields assigned in the constructor are definitions of the class', async () => {
    const parsed = await parse(
      'lib/AxiosError.js',
      'class AxiosError extends Error {\n  constructor(message, response) {\n    super(message);\n    this.status = response.status;\n    this.status = 0;\n  }\n}\nfunction plain() {\n  this.loose = 1;\n}\n',
    );
    expect(fields(parsed)).toEqual(['AxiosError.status']);
  });
});

describe('parseFile reads super as the first base the class header names', () => {
  it('on Python: super() and super(Cls, self) in a subclass; a class without a base, or a base of its own name, leaves super() unknown', async () => {
    const parsed = await parse(
      'pkg/fields.py',
      [
        'from . import base',
        '',
        'class AwareDateTime(DateTime, Mixin, metaclass=Meta):',
        '    def __init__(self, **kwargs):',
        '        super().__init__(**kwargs)',
        '',
        '    def _deserialize(self, value):',
        '        return super(AwareDateTime, self)._deserialize(value)',
        '',
        '    def other(self):',
        '        return super(Unrelated, self).run()',
        '',
        'class Field(base.FieldABC):',
        '    def run(self):',
        '        return super().run()',
        '',
        'class Plain:',
        '    def run(self):',
        '        return super().run()',
        '',
        'class Response(httpx.Response):',
        '    def read(self):',
        '        return super().read()',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual([
      '__init__ on DateTime',
      '_deserialize on DateTime',
      'run on ?',
      'run on FieldABC',
      'run on ?',
      'read on ?',
    ]);
  });

  it('on TypeScript: super.m() in a class that extends another; implements alone names no base', async () => {
    const parsed = await parse(
      'src/store.ts',
      [
        "import * as base from './base.js';",
        '',
        'export class Cached extends base.Store<string> implements Closable {',
        '  get(key: string) {',
        '    return super.get(key);',
        '  }',
        '}',
        '',
        'export class Loose implements Closable {',
        '  close() {',
        '    return super.close();',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual(['get on Store', 'close on ?']);
  });

  it('on JavaScript: super.m() in a class expression and a declaration', async () => {
    const parsed = await parse(
      'lib/errors.js',
      [
        'class HttpError extends AxiosError {',
        '  toJSON() {',
        '    return super.toJSON();',
        '  }',
        '}',
        'const Wrapped = class extends mixin(Base) {',
        '  run() {',
        '    return super.run();',
        '  }',
        '};',
      ].join('\n'),
    );
    expect(receivers(parsed)).toEqual(['toJSON on AxiosError', 'run on ?']);
  });

  it("on JavaScript and TypeScript: super(…) in a constructor is a call of the base class's constructor", async () => {
    const source = [
      'class InvalidArgumentError extends errors.CommanderError {',
      '  constructor(message) {',
      "    super(1, 'commander.invalidArgument', message);",
      '  }',
      '}',
      'const Wrapped = class extends mixin(Base) {',
      '  constructor() {',
      '    super();',
      '  }',
      '};',
    ].join('\n');
    for (const path of ['lib/error.js', 'src/error.ts']) {
      const parsed = await parse(path, source);
      expect(receivers(parsed), path).toEqual(['constructor on CommanderError', 'constructor on ?']);
      expect(parsed.references.filter((r) => r.name === 'constructor').map((r) => [r.kind, r.line])).toEqual([
        ['call', 3],
        ['call', 8],
      ]);
    }
  });
});
