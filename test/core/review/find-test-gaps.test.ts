import { describe, expect, it } from 'vitest';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../../src/core/review/review-offline.js';
import { makeReviewRepo } from './review-repo.js';

const FLASK_LIKE = {
  'src/flask/__init__.py': 'from .app import Flask\n',
  'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule\n',
  'src/flask/ctx.py': 'def push():\n    return 1\n',
  'tests/test_basic.py': 'from flask import Flask\n\ndef test_route():\n    assert Flask().route("/") == "/"\n',
};

async function review(changes: Record<string, string>) {
  const repo = await makeReviewRepo(FLASK_LIKE, { write: changes });
  const files = parseDiff(repo.diff);
  return reviewOffline({ files, index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead });
}

describe('test gaps judged by the index', () => {
  it("sees that a test named after no file covers the change, through the package's re-export", async () => {
    const { tests } = await review({
      'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule.strip()\n',
      'tests/test_basic.py': 'from flask import Flask\n\ndef test_route():\n    assert Flask().route(" /") == "/"\n',
    });
    expect(tests.gaps).toEqual([]);
    expect(tests.testsToRun).toEqual(['tests/test_basic.py']);
  });

  it("sees a changed test reach the package's modules through any module of it (Python runs the package's __init__.py first)", async () => {
    const repo = await makeReviewRepo(
      {
        ...FLASK_LIKE,
        'src/flask/_compat.py': 'WIN = False\n',
        'tests/test_imports.py': 'from flask._compat import WIN\n\nALLOWED = {"abc"}\n',
      },
      {
        write: {
          'src/flask/app.py': 'import builtins\n\nclass Flask:\n    def route(self, rule):\n        return builtins.str(rule)\n',
          'tests/test_imports.py': 'from flask._compat import WIN\n\nALLOWED = {"abc", "builtins"}\n',
        },
      },
    );
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    expect(tests.gaps).toEqual([]);
  });

  it('lists no test to run that reaches the file only by loading the package and uses nothing it defines', async () => {
    const repo = await makeReviewRepo(
      {
        ...FLASK_LIKE,
        'src/flask/__init__.py': 'from .app import Flask\nfrom . import hooks\n',
        'src/flask/hooks.py': 'def dispatch():\n    return 1\n',
        'tests/test_hooks.py': 'import flask\n\ndef test_dispatch():\n    assert flask.hooks.dispatch() == 1\n',
      },
      { write: { 'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule.lower()\n' } },
    );
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    expect(tests.testsToRun).toEqual(['tests/test_basic.py']);
    expect(tests.gaps).toEqual([{ path: 'src/flask/app.py', reachedBy: ['tests/test_basic.py', 'tests/test_hooks.py'], moreReaching: 0 }]);
  });

  it("lists the test named for the changed file before tests that only import it (starlette's test_config.py imports datastructures.py)", async () => {
    const repo = await makeReviewRepo(
      {
        'pkg/__init__.py': '',
        'pkg/datastructures.py': 'class Secret:\n    pass\n\nclass UploadFile:\n    def write(self, data):\n        return data\n',
        'tests/test_config.py': 'from pkg.datastructures import Secret\n\ndef test_secret():\n    assert Secret()\n',
        'tests/test_datastructures.py':
          'from pkg.datastructures import UploadFile\n\ndef test_write():\n    assert UploadFile().write(1) == 1\n',
      },
      {
        write: {
          'pkg/datastructures.py': 'class Secret:\n    pass\n\nclass UploadFile:\n    def write(self, data):\n        return bytes(data)\n',
        },
      },
    );
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    expect(tests.testsToRun).toEqual(['tests/test_datastructures.py', 'tests/test_config.py']);
  });

  it('says which tests reach a change that none of them follows', async () => {
    const { tests } = await review({ 'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule.lower()\n' });
    expect(tests.gaps).toEqual([{ path: 'src/flask/app.py', reachedBy: ['tests/test_basic.py'], moreReaching: 0 }]);
  });

  it("lists the product's tests that reach a gap before an example's own tests, and counts the rest", async () => {
    const repo = await makeReviewRepo(
      {
        ...FLASK_LIKE,
        'examples/app/tests/test_app.py': 'from flask.app import Flask\n\ndef test_app():\n    assert Flask()\n',
        ...Object.fromEntries(
          ['a', 'b', 'c', 'd', 'e'].map((n) => [
            `tests/test_${n}.py`,
            `from flask.app import Flask\n\ndef test_${n}():\n    assert Flask()\n`,
          ]),
        ),
      },
      { write: { 'src/flask/app.py': 'class Flask:\n    def route(self, rule):\n        return rule.lower()\n' } },
    );
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    const [gap] = tests.gaps;
    expect(gap!.reachedBy).not.toContain('examples/app/tests/test_app.py');
    expect(gap!.reachedBy).toHaveLength(5);
    expect(gap!.moreReaching).toBe(2);
  });

  it('runs no existing test for a function the change only added, and runs the tests that call it', async () => {
    const ctx = 'def push():\n    return 1\n';
    const added = `${ctx}\n\n# Pops the context.\ndef frobnicate():\n    return 0\n`;
    const base = { ...FLASK_LIKE, 'tests/test_ctx.py': 'from flask.ctx import push\n\ndef test_push():\n    assert push() == 1\n' };
    const alone = await makeReviewRepo(base, { write: { 'src/flask/ctx.py': added } });
    const quiet = await reviewOffline({
      files: parseDiff(alone.diff),
      index: alone.index,
      base: alone.base,
      head: alone.head,
      readHead: alone.readHead,
    });
    expect(quiet.tests.testsToRun).toEqual([]);
    const used = await makeReviewRepo(
      { ...base, 'tests/test_pop.py': 'from flask.ctx import frobnicate\n\ndef test_frobnicate():\n    assert frobnicate() == 0\n' },
      { write: { 'src/flask/ctx.py': added } },
    );
    const run = await reviewOffline({
      files: parseDiff(used.diff),
      index: used.index,
      base: used.base,
      head: used.head,
      readHead: used.readHead,
    });
    expect(run.tests.testsToRun).toEqual(['tests/test_pop.py']);
  });

  it('claims no gap for a definition removed whole (nothing is left for a test to reach)', async () => {
    const { tests } = await review({ 'src/flask/ctx.py': '' });
    expect(tests.gaps).toEqual([]);
  });

  it('says when no test reaches the changed file at all', async () => {
    const { tests } = await review({ 'src/flask/ctx.py': 'def push():\n    return 2\n' });
    expect(tests.gaps).toEqual([{ path: 'src/flask/ctx.py', reachedBy: [], moreReaching: 0 }]);
    expect(tests.testsToRun).toEqual([]);
  });

  it('counts a new test the index has not seen when its lines name what changed', async () => {
    const { tests } = await review({
      'src/flask/ctx.py': 'def push():\n    return 2\n',
      'tests/test_context.py': 'from flask.ctx import push\n\ndef test_push():\n    assert push() == 2\n',
    });
    expect(tests.gaps).toEqual([]);
  });

  it('sees a changed test set an option the change added, where the test reaches the file through a global the index cannot see', async () => {
    const AXIOS_LIKE = {
      'lib/core/Client.js': 'export default class Client {\n  request(config) {\n    return config.url;\n  }\n}\n',
      'test/specs/options.spec.js': "it('gets', () => expect(client.send({ url: '/a' })).toBe('/a'));\n",
    };
    const changeClient =
      'export default class Client {\n  request(config) {\n    return config.allowAbsoluteUrls === false ? config.base + config.url : config.url;\n  }\n}\n';
    const reviewWith = async (test: string) => {
      const repo = await makeReviewRepo(AXIOS_LIKE, { write: { 'lib/core/Client.js': changeClient, 'test/specs/options.spec.js': test } });
      return reviewOffline({ files: parseDiff(repo.diff), index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead });
    };

    const setsTheOption = await reviewWith(
      "it('gets', () => expect(client.send({ url: '/a' })).toBe('/a'));\nit('joins', () => expect(client.send({ url: '/a', base: 'b', allowAbsoluteUrls: false })).toBe('b/a'));\n",
    );
    const setsNothingNew = await reviewWith("it('gets', () => expect(client.send({ url: '/b' })).toBe('/b'));\n");

    expect(setsTheOption.tests.gaps).toEqual([]);
    expect(setsNothingNew.tests.gaps.map((g) => g.path)).toEqual(['lib/core/Client.js']);
  });

  it('asks no test of a change to comments only', async () => {
    const { tests } = await review({ 'src/flask/ctx.py': '# Pushes the context.\ndef push():\n    return 1\n' });
    expect(tests.gaps).toEqual([]);
  });

  it('sees a Java test reach its package without an import, from another source root', async () => {
    const repo = await makeReviewRepo(
      {
        'lib/src/main/java/com/x/Gson.java':
          'package com.x;\nimport com.x.internal.Adapters;\npublic class Gson { int a() { return Adapters.one(); } }\n',
        'lib/src/main/java/com/x/internal/Adapters.java':
          'package com.x.internal;\npublic class Adapters { public static int one() { return 1; } }\n',
        'lib/src/test/java/com/x/GsonTest.java': 'package com.x;\npublic class GsonTest { void t() { new Gson().a(); } }\n',
      },
      {
        write: {
          'lib/src/main/java/com/x/internal/Adapters.java':
            'package com.x.internal;\npublic class Adapters { public static int one() { return 2; } }\n',
          'lib/src/test/java/com/x/GsonTest.java': 'package com.x;\npublic class GsonTest { void t() { assert new Gson().a() == 2; } }\n',
        },
      },
    );
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    expect(tests.gaps).toEqual([]);
    expect(tests.testsToRun).toEqual(['lib/src/test/java/com/x/GsonTest.java']);
  });
});

describe('tests to run', () => {
  const JS = {
    'karma.conf.cjs':
      "module.exports = (config) => config.set({ files: [{ pattern: 'test/specs/__helpers.js' }, { pattern: 'test/specs/**/*.spec.js' }] });\n",
    'lib/helpers/combineURLs.js': "export default function combineURLs(base, rel) {\n  return base + '/' + rel;\n}\n",
    'test/specs/__helpers.js': "import combineURLs from '../../lib/helpers/combineURLs.js';\n\nwindow.combineURLs = combineURLs;\n",
    'test/specs/helpers/combineURLs.spec.js':
      "import combineURLs from '../../../lib/helpers/combineURLs';\n\nit('joins', () => expect(combineURLs('a', 'b')).toBe('a/b'));\n",
  };

  it("lists the change's own new test first, and never a runner's setup file", async () => {
    const repo = await makeReviewRepo(JS, {
      write: {
        'lib/helpers/combineURLs.js': "export default function combineURLs(base, rel) {\n  return rel ? base + '/' + rel : base;\n}\n",
        'test/specs/helpers/combineURLsEmpty.spec.js':
          "import combineURLs from '../../../lib/helpers/combineURLs';\n\nit('keeps the base', () => expect(combineURLs('a', '')).toBe('a'));\n",
      },
    });
    const { tests } = await reviewOffline({
      files: parseDiff(repo.diff),
      index: repo.index,
      base: repo.base,
      head: repo.head,
      readHead: repo.readHead,
    });
    expect(tests.testsToRun).toEqual(['test/specs/helpers/combineURLsEmpty.spec.js', 'test/specs/helpers/combineURLs.spec.js']);
    expect(tests.gaps).toEqual([]);
  });
});
