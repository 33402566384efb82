import { describe, expect, it } from 'vitest';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../../src/core/review/review-offline.js';
import { makeReviewRepo } from './review-repo.js';

async function reviewChange(files: Record<string, string>, write: Record<string, string>) {
  const repo = await makeReviewRepo(files, { write });
  return reviewOffline({ files: parseDiff(repo.diff), index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead });
}

/** requests' shape: the package entry imports every module, so every test that imports the package reaches them all. */
const REQUESTS_LIKE = {
  'src/requests/__init__.py': 'from . import adapters, hooks\nfrom .models import Request, prepare\n',
  'src/requests/hooks.py': 'def dispatch_hook(key, hooks):\n    return hooks\n',
  'src/requests/models.py':
    'def _encode_files(files):\n    return files\n\n\ndef prepare(files):\n    return _encode_files(files)\n\n\nclass Request:\n    pass\n',
  'src/requests/adapters.py': 'class HTTPAdapter:\n    def request_url(self, request):\n        return request\n',
  'tests/test_adapters.py':
    'import requests.adapters\nfrom requests import prepare\n\n\ndef test_request_url():\n    assert requests.adapters.HTTPAdapter().request_url(prepare([])) == []\n',
  'tests/test_hooks.py':
    'from requests import hooks\n\n\ndef _encode_files():\n    return {}\n\n\ndef test_hooks():\n    assert hooks.dispatch_hook("response", _encode_files()) == {}\n',
  'tests/test_models.py': 'from requests.models import prepare\n\n\ndef test_prepare():\n    assert prepare([]) == []\n',
};
const ENCODE_FILES_CHANGED = {
  'src/requests/models.py': REQUESTS_LIKE['src/requests/models.py'].replace('return files\n', 'return list(files)\n'),
};

/** express' shape: tests load the package (`require('..')`), named after the object they test (`res.send.js`). */
const EXPRESS_LIKE = {
  'package.json': JSON.stringify({ name: 'web', scripts: { test: 'mocha --require test/support/env --check-leaks test/' } }),
  'index.js': "module.exports = require('./lib/web');\n",
  'lib/web.js':
    "var res = require('./response');\n\nexports = module.exports = function createApplication() {\n  return { response: res };\n};\n",
  'lib/response.js': 'var res = module.exports = {};\n\nres.send = function send(body) {\n  return body;\n};\n',
  'test/support/env.js': "process.env.NODE_ENV = 'test';\n",
  'test/res.send.js':
    "var web = require('..');\n\ndescribe('res.send()', function () {\n  it('sends', function () {\n    web().response.send('x');\n  });\n});\n",
  'test/app.param.js':
    "var web = require('..');\n\ndescribe('app.param()', function () {\n  it('maps', function () {\n    var handler = function (req, res) { res.send('ok'); };\n    handler({}, web().response);\n  });\n});\n",
};

describe('tests to run', () => {
  describe("when the package's entry imports every module (requests)", () => {
    it('lists the test that imports the changed module, not one that only calls code that calls what changed', async () => {
      const { tests } = await reviewChange(REQUESTS_LIKE, ENCODE_FILES_CHANGED);
      expect(tests.testsToRun).toEqual(['tests/test_models.py']);
    });

    it('lists no test that reaches the file only through the package, even when it shares a name with what changed', async () => {
      const { tests } = await reviewChange(REQUESTS_LIKE, ENCODE_FILES_CHANGED);
      expect(tests.testsToRun).not.toContain('tests/test_hooks.py');
      expect(tests.testsToRun).not.toContain('tests/test_adapters.py');
    });

    it('counts the tests that reach the change only indirectly, apart from the tests to run', async () => {
      const { tests } = await reviewChange(REQUESTS_LIKE, ENCODE_FILES_CHANGED);
      expect(tests.indirectTests).toBe(2);
      expect(tests.moreTests).toBe(0);
    });

    it("lists the change's own changed test first, though it reaches the file only through the package", async () => {
      const { tests } = await reviewChange(REQUESTS_LIKE, {
        ...ENCODE_FILES_CHANGED,
        'tests/test_adapters.py': `${REQUESTS_LIKE['tests/test_adapters.py']}\n\ndef test_files():\n    assert prepare(['a']) == ['a']\n`,
      });
      expect(tests.testsToRun).toEqual(['tests/test_adapters.py', 'tests/test_models.py']);
    });
  });

  describe('when tests load the package and call a changed method on a parameter (express)', () => {
    it('lists the test named for the file, not one that calls the method by name on an object the index cannot type', async () => {
      const { tests } = await reviewChange(EXPRESS_LIKE, {
        'lib/response.js': 'var res = module.exports = {};\n\nres.send = function send(body) {\n  return String(body);\n};\n',
      });
      expect(tests.testsToRun).toEqual(['test/res.send.js']);
      expect(tests.indirectTests).toBe(1);
    });
  });
});
