import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/core/code-index/parse-file.js';

/** Each import of a file as `source: names` (names space-separated; `-` where the language keeps none). */
async function namesOf(path: string, text: string): Promise<string[]> {
  const parsed = await parseFile(path, new TextEncoder().encode(text));
  return parsed.imports.map((i) => `${i.source}: ${i.names === undefined ? '-' : i.names.join(' ')}`);
}

describe('the names an import binds', () => {
  it('reads TypeScript imports: default, named, renamed, namespace, side effect only', async () => {
    const text = [
      "import ky, {HTTPError, type Options} from '../source/index.js';",
      "import {setTimeout as delay} from 'node:timers/promises';",
      "import * as errors from './errors.js';",
      "import './setup.js';",
    ].join('\n');
    expect(await namesOf('test/main.ts', `${text}\n`)).toEqual([
      '../source/index.js: default:ky HTTPError Options',
      'node:timers/promises: setTimeout:delay',
      './errors.js: *:errors',
      './setup.js: ',
    ]);
  });

  it("reads an entry's re-exports as the names it passes on", async () => {
    const text = [
      "export {HTTPError} from './errors/HTTPError.js';",
      "export {default as ky, Ky as Client} from './core/Ky.js';",
      "export * from './types.js';",
      "export * as hooks from './hooks.js';",
      "export type {Options} from './options.js';",
    ].join('\n');
    expect(await namesOf('source/index.ts', `${text}\n`)).toEqual([
      './errors/HTTPError.js: HTTPError',
      './core/Ky.js: default:ky Ky:Client',
      './types.js: *',
      './hooks.js: *:hooks',
      './options.js: Options',
    ]);
  });

  it('reads require: destructured names, a module bound to a name, a module passed on whole', async () => {
    const text =
      "const {join, resolve: r} = require('./paths');\nconst app = require('./app');\nmodule.exports = require('./lib/express');\n";
    expect(await namesOf('index.js', text)).toEqual(['./paths: join resolve:r', './app: *:app', './lib/express: *']);
  });

  it('reads Python: from-imports with aliases, a star, a module bound whole', async () => {
    const text =
      'from .globals import session, request as req\nfrom .json import *\nimport flask.json as fj\nimport os\nfrom . import views\n';
    expect(await namesOf('src/flask/__init__.py', text)).toEqual([
      '.globals: session request:req',
      '.json: *',
      'flask.json: *:fj',
      'os: *:os',
      '. import views: *:views',
    ]);
  });

  it('keeps none for Go, whose imports name packages', async () => {
    expect(await namesOf('main.go', 'package main\n\nimport "example.com/web"\n\nfunc main() { web.Run() }\n')).toEqual([
      'example.com/web: -',
    ]);
  });
});
