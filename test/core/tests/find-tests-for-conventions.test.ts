import { describe, expect, it } from 'vitest';
import { indexTree } from './indexed-tree.js';

// Conventions read on repositories never used for tuning (echo, validator, express, commander.js, requests,
// urllib3), written here as small trees of the same shape.
describe('findTestsFor, by the conventions of repositories nobody tuned on', () => {
  describe('in Go', () => {
    const GO = {
      'go.mod': 'module example.com/checker/v10\n\ngo 1.22\n',
      'checker.go':
        'package checker\n\nfunc New() *Checker {\n\treturn &Checker{rules: bakedInRules}\n}\n\ntype Checker struct{ rules map[string]int }\n',
      'baked_in.go': 'package checker\n\nvar bakedInRules = map[string]int{"email": 1}\n',
      'country_codes.go': 'package checker\n\nvar iso3166Codes = map[string]bool{"NL": true}\n',
      'checker_test.go': 'package checker\n\nimport "testing"\n\nfunc TestNew(t *testing.T) {\n\tNew()\n}\n',
      'bench_test.go': 'package checker\n\nimport "testing"\n\nfunc BenchmarkNew(b *testing.B) {\n\tNew()\n}\n',
      'static/static.go': 'package static\n\nfunc Serve(root string) string {\n\treturn root\n}\n',
      'static/static_other.go': 'package static\n\nfunc openFile(name string) string {\n\treturn name\n}\n',
      'static/static_windows.go': 'package static\n\nfunc openFile(name string) string {\n\treturn name\n}\n',
      'compress/gzip.go': 'package compress\n\nfunc gzipLevel() int {\n\treturn 5\n}\n',
      'compress/deflate_test.go': 'package compress\n\nimport "testing"\n\nfunc TestDeflate(t *testing.T) {}\n',
      'static/static_test.go': 'package static\n\nimport "testing"\n\nfunc TestServe(t *testing.T) {\n\tServe("/")\n}\n',
      'static/cache_test.go': 'package static\n\nimport "testing"\n\nfunc TestCache(t *testing.T) {\n\tServe("/c")\n}\n',
    };

    it("names the test of a build variant's base file (static_other.go, static_windows.go: static_test.go)", async () => {
      const tree = await indexTree(GO);
      expect(tree.find('static/static_other.go')).toMatchObject({
        kind: 'found',
        tests: [{ path: 'static/static_test.go', how: 'named like it (a build variant of static.go)' }],
      });
      expect(tree.testsFor('static/static_windows.go')[0]).toBe('static/static_test.go');
    });

    it("names the package's own test (named after the package, go.mod's module at the root) for a file no test names or uses", async () => {
      const tree = await indexTree(GO);
      expect(tree.find('baked_in.go')).toEqual({ kind: 'found', tests: [{ path: 'checker_test.go', how: "its package's own test" }] });
      expect(tree.testsFor('country_codes.go')).toEqual(['checker_test.go']);
    });

    it('still says it could not tell when the package has no test named after it', async () => {
      const tree = await indexTree(GO);
      expect(tree.find('compress/gzip.go').kind).toBe('unknown');
    });
  });

  describe('in JavaScript', () => {
    const EXPRESS_LIKE = {
      'package.json': JSON.stringify({ name: 'web', scripts: { test: 'mocha --require test/support/env --check-leaks test/' } }),
      'index.js': "module.exports = require('./lib/web');\n",
      'lib/web.js':
        "var application = require('./application');\nvar request = require('./request');\nvar response = require('./response');\n\nexports = module.exports = function createApplication() {\n  return Object.assign({}, application, { request: request, response: response });\n};\n",
      'lib/application.js': 'exports.render = function render(name) {\n  return name;\n};\n',
      'lib/request.js':
        'var req = {};\n\nreq.acceptsLanguages = function acceptsLanguages(list) {\n  return list;\n};\n\nmodule.exports = req;\n',
      'lib/response.js': 'var res = {};\n\nres.sendStatus = function sendStatus(code) {\n  return code;\n};\n\nmodule.exports = res;\n',
      'test/req.acceptsLanguages.js':
        "var web = require('..');\n\ndescribe('req.acceptsLanguages', function () {\n  it('works', function () {\n    web();\n  });\n});\n",
      'test/res.sendStatus.js':
        "var web = require('..');\n\ndescribe('res.sendStatus', function () {\n  it('works', function () {\n    web();\n  });\n});\n",
      'test/app.render.js':
        "var web = require('..');\n\ndescribe('app.render', function () {\n  it('works', function () {\n    web();\n  });\n});\n",
      'test/support/env.js': "process.env.NODE_ENV = 'test';\n",
    };

    it('names a test named after an abbreviation of the file (req.*.js for request.js) that reaches it', async () => {
      const tree = await indexTree(EXPRESS_LIKE);
      expect(tree.find('lib/request.js')).toMatchObject({
        kind: 'found',
        tests: [{ path: 'test/req.acceptsLanguages.js', how: 'named like it (req for request)' }],
      });
      expect(tree.testsFor('lib/response.js')[0]).toBe('test/res.sendStatus.js');
      expect(tree.testsFor('lib/application.js')[0]).toBe('test/app.render.js');
    });

    it("puts the test named after the plan's method first among tests that call it (res.cookie.js, not res.append.js)", async () => {
      const tree = await indexTree({
        ...EXPRESS_LIKE,
        'lib/response.js':
          'var res = {};\n\nres.cookie = function cookie(name) {\n  return name;\n};\n\nres.append = function append(name) {\n  return this.cookie(name);\n};\n\nmodule.exports = res;\n',
        'test/res.append.js':
          "var web = require('..');\n\nit('appends', function () {\n  web().response.cookie('a');\n  web().response.append('a');\n});\n",
        'test/res.cookie.js': "var web = require('..');\n\nit('sets', function () {\n  web().response.cookie('a');\n});\n",
      });
      expect(tree.testsFor('lib/response.js', ['res.cookie'])[0]).toBe('test/res.cookie.js');
    });

    it('takes no abbreviation two files of a folder share (res for response and resolver)', async () => {
      const tree = await indexTree({
        ...EXPRESS_LIKE,
        'lib/resolver.js': 'module.exports = function resolveView(name) {\n  return name;\n};\n',
      });
      expect(tree.testsFor('lib/response.js')).not.toContain('test/res.sendStatus.js');
    });

    const KOA_LIKE = {
      'package.json': JSON.stringify({ name: 'app', jest: { testMatch: ['**/__tests__/**/*.test.js'] } }),
      'index.js': "module.exports = require('./lib/application');\n",
      'lib/application.js':
        "const request = require('./request');\n\nmodule.exports = class Application {\n  constructor() {\n    this.request = Object.create(request);\n  }\n};\n",
      'lib/request.js': 'module.exports = {\n  get host() {\n    return this.header.host;\n  },\n};\n',
      '__tests__/application/request.test.js': "const App = require('../..');\n\ntest('app.request', () => {\n  new App();\n});\n",
      '__tests__/request/host.test.js': "const App = require('../..');\n\ntest('request.host', () => {\n  new App().request.host;\n});\n",
    };

    it('prefers the tests in a folder named after the file to a test named like it in the folder of another file', async () => {
      const tree = await indexTree(KOA_LIKE);
      const found = tree.find('lib/request.js');
      expect(found.kind === 'found' && found.tests[0]).toMatchObject({
        path: '__tests__/request/host.test.js',
        how: 'in a folder named after it',
      });
      expect(tree.testsFor('lib/application.js')).toContain('__tests__/application/request.test.js');
    });

    it('sees a tsd type test (index.test-d.ts) as a test', async () => {
      const tree = await indexTree({
        'typings/index.d.ts': 'export declare function run(): void;\n',
        'typings/index.test-d.ts': "import { run } from '.';\n\nrun();\n",
      });
      expect(tree.layout.classify('typings/index.test-d.ts')).toBe('test');
    });
  });

  describe('in Python', () => {
    const URLLIB3_LIKE = {
      'pyproject.toml': '[project]\nname = "pool"\n\n[tool.pytest.ini_options]\ntestpaths = ["test"]\n',
      'src/pool/__init__.py': 'from .connection import Connection\n',
      'src/pool/connection.py': 'class Connection:\n    def connect(self):\n        return 1\n',
      'src/pool/http2/__init__.py': '',
      'src/pool/http2/connection.py':
        'from ..connection import Connection\n\n\nclass Http2Connection(Connection):\n    def send_frame(self):\n        return 2\n',
      'src/pool/response.py':
        'from .util.response import is_fp_closed\n\n\nclass Response:\n    def closed(self):\n        return is_fp_closed(self)\n',
      'src/pool/util/__init__.py': '',
      'src/pool/util/response.py': 'def is_fp_closed(obj):\n    return True\n',
      'test/test_connection.py':
        'from pool.connection import Connection\nfrom pool.http2.connection import Http2Connection\n\n\ndef test_connect():\n    assert Connection().connect() == 1\n    assert Http2Connection().connect() == 1\n',
      'test/test_http2_connection.py':
        'from pool.http2.connection import Http2Connection\n\n\ndef test_send_frame():\n    assert Http2Connection().send_frame() == 2\n',
      'test/test_response.py':
        'from pool.response import Response\nfrom pool.util.response import is_fp_closed\n\n\ndef test_closed():\n    assert Response().closed() == is_fp_closed(None)\n',
      'test/test_util.py': 'from pool.util.response import is_fp_closed\n\n\ndef test_is_fp_closed():\n    assert is_fp_closed(None)\n',
    };

    it("names a test named after the file's folder and name (test_http2_connection.py for http2/connection.py)", async () => {
      const tree = await indexTree(URLLIB3_LIKE);
      expect(tree.testsFor('src/pool/http2/connection.py')[0]).toBe('test/test_http2_connection.py');
      expect(tree.testsFor('src/pool/connection.py')[0]).toBe('test/test_connection.py');
    });

    it('leaves a test named like two files to the one whose folders it fits (emscripten/connection.py: test_emscripten.py)', async () => {
      const tree = await indexTree({
        ...URLLIB3_LIKE,
        'src/pool/__init__.py': 'from .connection import Connection\nfrom .contrib.emscripten.connection import EmscriptenConnection\n',
        'src/pool/contrib/__init__.py': '',
        'src/pool/contrib/emscripten/__init__.py': '',
        'src/pool/contrib/emscripten/connection.py': 'class EmscriptenConnection:\n    def fetch_in_worker(self):\n        return 3\n',
        'test/with_server/test_connection.py':
          'from pool import Connection, EmscriptenConnection\n\n\ndef test_both():\n    assert Connection().connect() == 1\n    assert EmscriptenConnection().fetch_in_worker() == 3\n',
        'test/contrib/emscripten/test_emscripten.py':
          'from pool import EmscriptenConnection\n\n\ndef test_fetch():\n    assert EmscriptenConnection().fetch_in_worker() == 3\n',
      });
      expect(tree.testsFor('src/pool/contrib/emscripten/connection.py')[0]).toBe('test/contrib/emscripten/test_emscripten.py');
    });

    it("matches a module named with a trailing underscore (util/ssl_.py, PEP 8's clash-avoiding name) to test_ssl.py", async () => {
      const tree = await indexTree({
        ...URLLIB3_LIKE,
        'src/pool/util/ssl_.py': 'def create_context():\n    return None\n',
        'test/test_ssl.py': 'from pool.util import ssl_\n\n\ndef test_context():\n    assert ssl_.create_context() is None\n',
        'test/test_util.py': 'from pool.util import ssl_\n\n\ndef test_util_context():\n    assert ssl_.create_context() is None\n',
      });
      expect(tree.testsFor('src/pool/util/ssl_.py')[0]).toBe('test/test_ssl.py');
    });

    it('takes no abbreviation that leaves out less than a word (http is not http2)', async () => {
      const tree = await indexTree({
        ...URLLIB3_LIKE,
        'src/pool/http2/__init__.py': 'from .connection import Http2Connection\n',
        'test/test_https.py': 'from pool.http2 import Http2Connection\n\n\ndef test_tls():\n    assert Http2Connection()\n',
      });
      const found = tree.find('src/pool/http2/__init__.py');
      expect(found.kind === 'found' ? found.tests.map((t) => t.how) : []).not.toContainEqual(expect.stringContaining('http for'));
    });

    it('leaves a test named like the file to the file of that name it fits best (util/response.py: test_util.py)', async () => {
      const tree = await indexTree(URLLIB3_LIKE);
      expect(tree.testsFor('src/pool/util/response.py')[0]).toBe('test/test_util.py');
      expect(tree.testsFor('src/pool/response.py')[0]).toBe('test/test_response.py');
    });
  });
});
