import { describe, expect, it } from 'vitest';
import { indexTree } from './indexed-tree.js';

describe('findTestsFor, through the names an entry re-exports', () => {
  describe('in TypeScript (ky-like: every test imports the package entry)', () => {
    const KY_LIKE = {
      'package.json': JSON.stringify({ name: 'ky', type: 'module' }),
      'source/index.ts':
        "import {Ky} from './core/Ky.js';\n\nconst ky = (input: string) => Ky.create(input);\nexport default ky;\nexport * from './errors/index.js';\n",
      'source/errors/index.ts': "export {HTTPError} from './HTTPError.js';\nexport {TimeoutError} from './TimeoutError.js';\n",
      'source/errors/HTTPError.ts': 'export class HTTPError extends Error {\n  response = 404;\n}\n',
      'source/errors/TimeoutError.ts': 'export class TimeoutError extends Error {\n  timedOut = true;\n}\n',
      'source/utils/delay.ts': 'export default async function delay(ms: number) {\n  return new Promise((r) => setTimeout(r, ms));\n}\n',
      'source/core/Ky.ts':
        "import {HTTPError} from '../errors/HTTPError.js';\nimport {TimeoutError} from '../errors/TimeoutError.js';\nimport delay from '../utils/delay.js';\n\nexport class Ky {\n  static async create(input: string) {\n    await delay(1);\n    if (!input) throw new HTTPError();\n    throw new TimeoutError();\n  }\n}\n",
      'test/http-failures.ts':
        "import test from 'ava';\nimport ky, {HTTPError} from '../source/index.js';\n\ntest('throws', async (t) => {\n  await t.throwsAsync(ky(''), {instanceOf: HTTPError});\n});\n",
      'test/hooks.ts':
        "import {setTimeout as delay} from 'node:timers/promises';\nimport test from 'ava';\nimport ky from '../source/index.js';\n\ntest('waits', async () => {\n  await delay(5);\n  await ky('/');\n});\n",
    };

    it('names the test that imports the file’s class from the entry, which re-exports it two hops down', async () => {
      const tree = await indexTree(KY_LIKE);
      expect(tree.find('source/errors/HTTPError.ts')).toEqual({
        kind: 'found',
        tests: [{ path: 'test/http-failures.ts', how: 'imports HTTPError from source/index.ts' }],
      });
    });

    it('does not take a name the test imports from elsewhere for the file’s (setTimeout as delay is not utils/delay.ts)', async () => {
      const tree = await indexTree(KY_LIKE);
      expect(tree.find('source/utils/delay.ts')).toMatchObject({ kind: 'unknown' });
    });

    it('never says "no test" for a file a test reaches only through the entry', async () => {
      const tree = await indexTree(KY_LIKE);
      expect(tree.find('source/errors/TimeoutError.ts').kind).not.toBe('none');
    });
  });

  it('counts a test named like the file that imports its names from the entry as reaching it (commander-like)', async () => {
    const tree = await indexTree({
      'package.json': JSON.stringify({ name: 'commander', type: 'module', main: './index.js' }),
      'index.js':
        "import { Argument } from './lib/argument.js';\nimport { Command } from './lib/command.js';\n\nexport { Argument, Command };\n",
      'lib/argument.js': 'export class Argument {\n  variadicName() {\n    return 1;\n  }\n}\n',
      'lib/command.js':
        "import { Argument } from './argument.js';\n\nexport class Command {\n  argument(name) {\n    return new Argument(name).variadicName();\n  }\n}\n",
      'tests/args.variadic.test.js':
        "import { Command } from '../index.js';\nimport { test } from 'node:test';\n\ntest('variadic', () => {\n  new Command().argument('a').variadicName();\n});\n",
      'tests/argument.chain.test.js':
        "import { Argument } from '../index.js';\nimport { test } from 'node:test';\n\ntest('chains', () => {\n  new Argument('a');\n});\n",
    });
    expect(tree.find('lib/argument.js')).toMatchObject({
      kind: 'found',
      tests: [{ path: 'tests/argument.chain.test.js', how: 'named like it, imports Argument from index.js' }, expect.anything()],
    });
  });

  describe('in Python (flask-like: `from flask import session`, `import flask`)', () => {
    const FLASK_LIKE = {
      'pyproject.toml': '[project]\nname = "pkg"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'src/pkg/__init__.py': 'from .app import App\nfrom .sessions import SessionStore\nfrom .sessions import open_session\n',
      'src/pkg/app.py': 'from .sessions import open_session\n\n\nclass App:\n    def run(self):\n        return open_session()\n',
      'src/pkg/sessions.py': 'class SessionStore:\n    pass\n\n\ndef open_session():\n    return SessionStore()\n',
      'tests/test_app.py': 'from pkg import App\n\n\ndef test_runs():\n    App().run()\n',
      'tests/test_store.py': 'from pkg import SessionStore\n\n\ndef test_store():\n    assert SessionStore()\n',
      'tests/test_basic.py': 'import pkg\n\n\ndef test_opens():\n    pkg.open_session()\n',
    };

    it("follows `from pkg import X` to the module the package's __init__ takes X from", async () => {
      const tree = await indexTree(FLASK_LIKE);
      expect(tree.find('src/pkg/sessions.py')).toMatchObject({
        kind: 'found',
        tests: expect.arrayContaining([{ path: 'tests/test_store.py', how: 'imports SessionStore from src/pkg/__init__.py' }]),
      });
    });

    it('follows a module imported whole (`import pkg`, then `pkg.open_session()`)', async () => {
      const tree = await indexTree(FLASK_LIKE);
      expect(tree.find('src/pkg/sessions.py')).toMatchObject({
        kind: 'found',
        tests: expect.arrayContaining([{ path: 'tests/test_basic.py', how: 'imports open_session from src/pkg/__init__.py' }]),
      });
    });
  });
});
