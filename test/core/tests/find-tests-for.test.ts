import { describe, expect, it } from 'vitest';
import { indexTree } from './indexed-tree.js';

describe('findTestsFor', () => {
  describe('in Go', () => {
    const GO = {
      'go.mod': 'module example.com/web\n\ngo 1.22\n',
      'tree.go': 'package web\n\nfunc addRoute(path string) int {\n\treturn len(path)\n}\n',
      'recovery.go': 'package web\n\nfunc Recovery() string {\n\treturn "ok"\n}\n',
      'tree_test.go': 'package web\n\nimport "testing"\n\nfunc TestAddRoute(t *testing.T) {\n\taddRoute("/")\n}\n',
      'recovery_test.go':
        'package web_test\n\nimport (\n\t"testing"\n\n\t"example.com/web"\n)\n\nfunc TestRecovery(t *testing.T) {\n\tweb.Recovery()\n}\n',
      'webs/webs_test.go':
        'package webs\n\nimport (\n\t"testing"\n\n\t"example.com/web"\n)\n\nfunc TestDefault(t *testing.T) {\n\tweb.Recovery()\n}\n',
      'cmd/tool/main.go': 'package main\n\nfunc main() {\n\tprintln("tool")\n}\n',
    };

    it('names the same-package test first (package x and package x_test), not a test in another package', async () => {
      const tree = await indexTree(GO);
      expect(tree.testsFor('tree.go')[0]).toBe('tree_test.go');
      expect(tree.testsFor('recovery.go')[0]).toBe('recovery_test.go');
      expect(tree.find('tree.go')).toMatchObject({ kind: 'found', tests: [{ how: 'named like it, in its package' }] });
    });

    it('says "no test" for a package no test imports, uses or is named after', async () => {
      const tree = await indexTree(GO);
      expect(tree.find('cmd/tool/main.go')).toEqual({ kind: 'none', why: 'no test imports it, calls its code or is named like it' });
    });
  });

  describe('in JavaScript, by the runners’ configs', () => {
    const AXIOS_LIKE = {
      'package.json': JSON.stringify({ scripts: { 'test:mocha': 'mocha test/unit/**/*.js --timeout 30000 --exit' } }),
      'karma.conf.cjs':
        "module.exports = function (config) {\n  config.set({\n    files: [\n      {pattern: 'test/specs/__helpers.js', watched: false},\n      {pattern: 'test/specs/**/*.spec.js', watched: false}\n    ]\n  });\n};\n",
      'lib/helpers/buildURL.js': 'export default function buildURL(url, params) {\n  return url + String(params);\n}\n',
      'lib/core/Axios.js':
        "import buildURL from '../helpers/buildURL.js';\n\nexport default class Axios {\n  getUri(config) {\n    return buildURL(config.url, config.params);\n  }\n}\n",
      'lib/axios.js': "import Axios from './core/Axios.js';\n\nconst axios = new Axios();\nexport default axios;\n",
      'test/specs/__helpers.js': "import axios from '../../lib/axios.js';\n\nwindow.axios = axios;\n",
      'test/specs/helpers/buildURL.spec.js':
        "import buildURL from '../../../lib/helpers/buildURL';\n\ndescribe('helpers::buildURL', () => {\n  it('keeps the url', () => {\n    expect(buildURL('/foo')).toEqual('/fooundefined');\n  });\n});\n",
      'test/unit/core/Axios.js':
        "import Axios from '../../../lib/core/Axios.js';\n\ndescribe('Axios', () => {\n  it('builds a uri', () => {\n    new Axios().getUri({ url: '/a' });\n  });\n});\n",
      'test/specs/utils/toArray.js': "describe('toArray', () => {});\n",
    };

    it('sees test/unit/** (mocha) as tests, and the Jasmine setup file and unrun scripts as support', async () => {
      const { layout } = await indexTree(AXIOS_LIKE);
      expect(layout.classify('test/unit/core/Axios.js')).toBe('test');
      expect(layout.classify('test/specs/helpers/buildURL.spec.js')).toBe('test');
      expect(layout.classify('test/specs/__helpers.js')).toBe('support');
      expect(layout.classify('test/specs/utils/toArray.js')).toBe('support');
    });

    it('names the spec that imports the file and shares its name', async () => {
      const tree = await indexTree(AXIOS_LIKE);
      expect(tree.find('lib/helpers/buildURL.js')).toEqual({
        kind: 'found',
        tests: [{ path: 'test/specs/helpers/buildURL.spec.js', how: 'named like it, imports it' }],
      });
      expect(tree.testsFor('lib/core/Axios.js')[0]).toBe('test/unit/core/Axios.js');
    });

    it("does not take core/Axios.js's test for lib/axios.js, and says it could not tell rather than 'no test'", async () => {
      const tree = await indexTree(AXIOS_LIKE);
      const found = tree.find('lib/axios.js');
      expect(found.kind).toBe('unknown');
    });
  });

  describe('in Python', () => {
    const HTTPX_LIKE = {
      'pyproject.toml': '[project]\nname = "httpx"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'httpx/__init__.py': 'from ._decoders import GzipDecoder\nfrom ._models import Response\n',
      'httpx/_decoders.py': 'class GzipDecoder:\n    def decode(self, data):\n        return data\n',
      'httpx/_models.py': 'class Response:\n    def read_body(self):\n        return b""\n',
      'tests/test_decoders.py': 'import httpx\n\n\ndef test_gzip():\n    assert httpx.GzipDecoder().decode(b"") == b""\n',
      'tests/models/test_responses.py': 'import httpx\n\n\ndef test_read():\n    assert httpx.Response().read_body() == b""\n',
      'tests/conftest.py': 'import pytest\n',
      'docs/test_example.py': 'import httpx\n\n\ndef test_doc():\n    httpx.GzipDecoder()\n',
    };

    it('matches a private module to tests/test_<name>.py, the underscore dropped', async () => {
      const tree = await indexTree(HTTPX_LIKE);
      expect(tree.find('httpx/_decoders.py')).toMatchObject({ kind: 'found', tests: [{ path: 'tests/test_decoders.py' }] });
    });

    it('finds a test through the package entry by the names it uses', async () => {
      const tree = await indexTree(HTTPX_LIKE);
      expect(tree.testsFor('httpx/_models.py')).toEqual(['tests/models/test_responses.py']);
    });

    it("keeps to pytest's testpaths and leaves conftest.py out", async () => {
      const { layout } = await indexTree(HTTPX_LIKE);
      expect(layout.classify('docs/test_example.py')).toBe('support');
      expect(layout.classify('tests/conftest.py')).toBe('support');
    });
  });

  describe('in Java, Rust and Ruby', () => {
    it('names the JUnit test of the same class in the mirrored package', async () => {
      const tree = await indexTree({
        'src/main/java/com/x/Foo.java': 'package com.x;\n\npublic class Foo {\n  public int size() { return 1; }\n}\n',
        'src/test/java/com/x/FooTest.java': 'package com.x;\n\npublic class FooTest {\n  void size() { new Foo().size(); }\n}\n',
        'src/test/java/com/x/BarTest.java': 'package com.x;\n\npublic class BarTest {\n  void bar() { new Foo(); }\n}\n',
      });
      expect(tree.testsFor('src/main/java/com/x/Foo.java')[0]).toBe('src/test/java/com/x/FooTest.java');
    });

    it("names a Rust file's inline tests module", async () => {
      const tree = await indexTree({
        'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\n',
        'src/lib.rs':
          'pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn adds() {\n        assert_eq!(add(1, 2), 3);\n    }\n}\n',
      });
      expect(tree.find('src/lib.rs')).toEqual({ kind: 'found', tests: [{ path: 'src/lib.rs', how: 'tests it inline (mod tests)' }] });
    });

    it('names the RSpec spec of a class', async () => {
      const tree = await indexTree({
        'lib/shop/cart.rb': 'class Cart\n  def total\n    0\n  end\nend\n',
        'spec/shop/cart_spec.rb': "require 'shop/cart'\n\nRSpec.describe Cart do\n  it { expect(Cart.new.total).to eq(0) }\nend\n",
        'spec/spec_helper.rb': "require 'rspec'\n",
      });
      expect(tree.testsFor('lib/shop/cart.rb')[0]).toBe('spec/shop/cart_spec.rb');
      expect(tree.layout.classify('spec/spec_helper.rb')).toBe('support');
    });
  });
});
