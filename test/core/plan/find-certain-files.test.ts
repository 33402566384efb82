import { describe, expect, it } from 'vitest';
import { findCertainFiles } from '../../../src/core/plan/find-certain-files.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/** An Express-like tree: methods assigned to `res` and `req`, a same-named file in two folders, a library call in one file. */
const FILES = {
  'lib/response.js':
    "var res = module.exports = {};\n\nres.send = function send(body) {\n  this.end(body);\n};\n\nres.redirect = function redirect(url) {\n  this.location(url).send('');\n};\n",
  'lib/request.js':
    'var req = module.exports = {};\n\nreq.accepts = function accepts(type) {\n  return String(this.headers.accept).trimRight() === type;\n};\n',
  'lib/application.js':
    "var res = require('./response');\n\nexports.render = function render(name) {\n  return res.send(name);\n};\n\nclass BlobFetcher {\n  fetchBlob(sha) {\n    return sha;\n  }\n}\n\nmodule.exports.BlobFetcher = BlobFetcher;\n",
  'examples/get/server.js': "module.exports = function serve() {\n  return 'get';\n};\n",
  'examples/post/server.js': "module.exports = function serve() {\n  return 'post';\n};\n",
  'lib/wrappers.py':
    'class Session:\n    def send(self, request):\n        return request\n\n\nclass Wrapper:\n    def __getattr__(self, name):\n        return name\n',
  'lib/models.py': 'def _encode_files(files):\n    return files\n',
  'lib/types.py': 'class Path:\n    def convert(self, value):\n        return value\n',
  'lib/recovery.go': 'package web\n\nfunc Recovery() string {\n\treturn "ok"\n}\n',
  'lib/engine.go': 'package web\n\ntype Engine struct {\n\tRedirectFixedPath bool\n}\n',
  'lib/click/termui.py': 'def prompt(text):\n    return text\n',
  'lib/click/core.py': 'class Option:\n    def prompt(self):\n        return 1\n\n\ndef help_option():\n    return 2\n',
  'lib/middleware/middleware.go': 'package middleware\n\nfunc New() string {\n\treturn "m"\n}\n',
  'lib/tree.go': 'package web\n\nfunc findCaseInsensitivePathRec(path string) string {\n\treturn path\n}\n',
  'lib/errors.js':
    'class ReadError extends Error {\n  constructor(message) {\n    super(message);\n  }\n}\n\nmodule.exports = { ReadError };\n',
  'lib/core.js':
    "const { ReadError } = require('./errors');\n\nexports.finish = function finish(length) {\n  if (length === undefined) throw new ReadError('short');\n};\n",
  'lib/command.go':
    'package web\n\nimport "os"\n\ntype Command struct {\n\tArgs []string\n}\n\nfunc (c *Command) Execute() int {\n\tc.Args = os.Args\n\treturn 0\n}\n',
  'lib/usage.py': 'MIN_USAGE_PADDING = 25\n\n\ndef usage(width):\n    return width + MIN_USAGE_PADDING\n',
  'lib/views.py': 'class View:\n    provide_automatic_options = None\n\n    def as_view(self):\n        return self\n',
  'lib/app.py': 'def add_url_rule(view_func):\n    return getattr(view_func, "provide_automatic_options", None)\n',
  'lib/JsonSyntaxException.java':
    'package lib;\n\npublic final class JsonSyntaxException extends RuntimeException {\n  public JsonSyntaxException(String msg) {\n    super(msg);\n  }\n}\n',
  'lib/JsonObject.java': 'package lib;\n\npublic final class JsonObject {\n  public int size() {\n    return 0;\n  }\n}\n',
};

async function certain(prompt: string): Promise<string[]> {
  const { ports } = await explorePorts(FILES);
  return findCertainFiles({ prompt, index: ports.index, isChangeable: (p) => p.startsWith('lib/') }).map(
    (f) => `${f.path}${f.names.length > 0 ? ` ${f.names.join(',')}` : ''}`,
  );
}

describe('findCertainFiles', () => {
  it('names the one file that defines a method written as users write it (fix(res.send): …)', async () => {
    expect(await certain('fix(res.send): add Content-Length only without Transfer-Encoding')).toEqual(['lib/response.js send']);
  });

  it('names nothing when the request only describes the change in words, however well they match a file', async () => {
    expect(await certain('Improve error logging by logging the full error object')).toEqual([]);
    expect(await certain('send a redirect with the right status')).toEqual([]);
  });

  it('names a path only when one file has it: "server.js" in two example folders is neither', async () => {
    expect(await certain('Update server.js')).toEqual([]);
    expect(await certain('tidy lib/request.js')).toEqual(['lib/request.js']);
  });

  it('takes a type written as a word for its definition (Session), but not words in a row ("blob fetcher")', async () => {
    expect(await certain('add a timeout default to Session')).toEqual(['lib/wrappers.py Session']);
    expect(await certain('add retries to the blob fetcher')).toEqual([]);
  });

  it('never takes words for a function of that name: "help option names" are not the `help_option` decorator', async () => {
    expect(await certain('Preserve declaration order of help option names')).toEqual([]);
  });

  it('reads a package as the receiver: `click.prompt` is the top-level prompt in click/, not Option.prompt', async () => {
    expect(await certain('`click.prompt` typing clarifications')).toEqual(['lib/click/termui.py prompt']);
  });

  it('reads a type only from a plain word: `pathlib.Path` is not the class Path, nor "Route() pattern" a `RoutePattern`', async () => {
    expect(await certain('Add support of `pathlib.Path` to `edit`')).toEqual([]);
    expect(await certain('keep handlers that collide with a Mount()/Route() pattern')).toEqual([]);
  });

  it("names the file of a conventional commit's scope when one file has that name (fix(recovery): …)", async () => {
    expect(await certain('fix(recovery): record recovered panics')).toEqual(['lib/recovery.go']);
    // A scope that is also a folder's name names a package, not the file of that name in it.
    expect(await certain('fix(middleware): reject catch-all wildcards')).toEqual([]);
  });

  it('takes the function the request names over a field it names with it (an option the change involves)', async () => {
    expect(await certain('fix(tree): panic in findCaseInsensitivePathRec with RedirectFixedPath')).toEqual([
      'lib/tree.go findCaseInsensitivePathRec',
    ]);
  });

  it('skips a name the change is compared with, beside the one it changes (align `Session.send` with `res.send`)', async () => {
    expect(await certain('Align Session.send parameters with res.send')).toEqual(['lib/wrappers.py Session.send']);
  });

  it('skips a name that only describes the change (`__getattr__`-based wrappers)', async () => {
    expect(await certain('Fix `_encode_files` detection for `__getattr__`-based file wrappers')).toEqual(['lib/models.py _encode_files']);
  });

  it('names the one file that uses a library function the request replaces, which the repository does not define', async () => {
    expect(await certain('fix: replace deprecated trimRight() with trimEnd()')).toEqual(['lib/request.js']);
    // Adding a use is not changing one: where it goes is not told by where it is used today.
    expect(await certain('use trimRight() for headers')).toEqual([]);
  });

  it('takes an error type the request names for where it is raised, not changed, unless the change is to it', async () => {
    expect(await certain('Fix false `ReadError` on responses without `Content-Length`')).toEqual([]);
    expect(await certain('add a `code` property to `ReadError`')).toEqual(['lib/errors.js ReadError']);
    // "instead of" and "in case of" do not make it the thing changed.
    expect(await certain('throw a TypeError instead of `ReadError` for a bad length')).toEqual([]);
    expect(await certain('retry in case of `ReadError`')).toEqual([]);
    // The name whole, not inside a longer one written first.
    expect(await certain('`ReadErrorHandler` aside, add a `code` property to `ReadError`')).toEqual(['lib/errors.js ReadError']);
    // A Java exception's constructors share its name: still the type, raised elsewhere.
    expect(await certain('Throw JsonSyntaxException instead of NPE for a null element')).toEqual([]);
  });

  it("reads a member of a library module the tree imports (`os.Args`) as the library's, not a field of that name", async () => {
    expect(await certain('fix: prevent completions from mutating os.Args via append side effect')).toEqual([]);
  });

  it('names the file of a field or variable only when no other file reads it', async () => {
    expect(await certain('fix provide_automatic_options override')).toEqual([]);
    // Its declaration is its own file's: a change to its type, or a field named with its class.
    expect(await certain('Fix `provide_automatic_options` type annotation')).toEqual(['lib/views.py View.provide_automatic_options']);
    expect(await certain('Constrain View.provide_automatic_options to bool')).toEqual(['lib/views.py View.provide_automatic_options']);
    expect(await certain('refactor: lower MIN_USAGE_PADDING to 20')).toEqual(['lib/usage.py MIN_USAGE_PADDING']);
  });

  it('reads the names beside a new name the request adds as context, unless the new name goes into them', async () => {
    expect(await certain('Add StructTypeAdapter for direct Struct ↔ JsonObject conversion')).toEqual([]);
    expect(await certain('Add `retryLimit` to Session')).toEqual(['lib/wrappers.py Session']);
  });
});

describe('findCertainFiles and names defined again', () => {
  const STRIP = {
    'lib/help.js': 'export function stripColor(str) {\n  return str.replace(/x/g, "");\n}\n',
    'lib/command.js':
      "import { stripColor } from './help.js';\n\nexport class Command {\n  constructor() {\n    this.config = {\n      stripColor: (str) => stripColor(str),\n    };\n  }\n}\n",
    'typings/index.d.ts': 'export interface OutputConfiguration {\n  stripColor?(str: string): string;\n}\n',
  };
  const certainIn = async (prompt: string) => {
    const { ports } = await explorePorts(STRIP);
    return findCertainFiles({ prompt, index: ports.index, isChangeable: () => true }).map((f) => f.path);
  };

  it("names the implementation, not a function local to another nor a declaration file's copy (commander's stripColor)", async () => {
    expect(await certainIn('Replace our own stripColor with stripVTControlCharacters from node:util')).toEqual(['lib/help.js']);
  });

  it('keeps the declaration when the request is about types', async () => {
    expect(await certainIn('Fix the type of stripColor')).toEqual([]);
  });
});

describe('findCertainFiles and a request about the docs', () => {
  it('keeps a declaration copy in play when the request is about the README or the examples', async () => {
    const { ports } = await explorePorts({
      'lib/command.js': 'export class Command {\n  allowExcessArguments(allow) {\n    this.allow = allow;\n  }\n}\n',
      'typings/index.d.ts': 'export class Command {\n  allowExcessArguments(allow?: boolean): this;\n}\n',
    });
    const certain = findCertainFiles({
      prompt: 'Update README and examples for allowExcessArguments change',
      index: ports.index,
      isChangeable: () => true,
    });
    expect(certain).toEqual([]);
  });
});
