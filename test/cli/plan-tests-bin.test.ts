import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** `nanodex plan` as users run it: the built bin, a real process, a real folder. */
function plan(repo: string, prompt: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    process.execPath,
    [ensureBuilt('src/cli/main.js'), 'plan', prompt, '--repo', repo, '--data-dir', path.join(repo, '.nanodex')],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A loaded 2-core machine: the build (when dist/ is stale) and each plan get room. */
const BUILD_MS = 300_000;
const PLAN_MS = 150_000;

describe('nanodex plan > Test it (the bin)', () => {
  beforeAll(() => {
    ensureBuilt('src/cli/main.js');
  }, BUILD_MS);

  it(
    "names a Go file's same-package test, not a test in another package that imports it",
    () => {
      const repo = makeTempRepo({
        'go.mod': 'module example.com/web\n\ngo 1.22\n',
        'tree.go': 'package web\n\n// AddRoute adds a route to the tree.\nfunc AddRoute(path string) int {\n\treturn len(path)\n}\n',
        'tree_test.go': 'package web\n\nimport "testing"\n\nfunc TestAddRoute(t *testing.T) {\n\tAddRoute("/")\n}\n',
        'webs/webs_test.go':
          'package webs\n\nimport (\n\t"testing"\n\n\t"example.com/web"\n)\n\nfunc TestDefault(t *testing.T) {\n\tweb.AddRoute("/x")\n}\n',
      });
      const run = plan(repo, 'make AddRoute reject empty paths');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Extend tree_test.go (named like it, in its package, calls AddRoute) for the new behaviour of tree.go');
    },
    PLAN_MS,
  );

  it(
    "names the spec that imports a helper, and keeps karma's setup file out",
    () => {
      const repo = makeTempRepo({
        'karma.conf.cjs':
          "module.exports = (config) => config.set({ files: [{ pattern: 'test/specs/__helpers.js' }, { pattern: 'test/specs/**/*.spec.js' }] });\n",
        'lib/helpers/combineURLs.js':
          "export default function combineURLs(baseURL, relativeURL) {\n  return baseURL + '/' + relativeURL;\n}\n",
        'test/specs/__helpers.js': "import combineURLs from '../../lib/helpers/combineURLs.js';\n\nwindow.combineURLs = combineURLs;\n",
        'test/specs/helpers/combineURLs.spec.js':
          "import combineURLs from '../../../lib/helpers/combineURLs';\n\nit('joins', () => expect(combineURLs('a', 'b')).toBe('a/b'));\n",
      });
      const run = plan(repo, 'make combineURLs drop duplicate slashes');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        'Extend test/specs/helpers/combineURLs.spec.js (named like it, imports it, calls combineURLs) for the new behaviour of lib/helpers/combineURLs.js',
      );
      expect(run.stdout).not.toContain('__helpers.js (');
      expect(run.stdout).not.toContain('no test imports or calls it');
    },
    PLAN_MS,
  );

  it(
    'names the test named after an abbreviation of the file (req.*.js for lib/request.js), before one that only calls it',
    () => {
      const repo = makeTempRepo({
        'package.json': JSON.stringify({ name: 'web', scripts: { test: 'mocha --require test/support/env --check-leaks test/' } }),
        'index.js': "module.exports = require('./lib/web');\n",
        'lib/web.js':
          "var request = require('./request');\n\nexports = module.exports = function createApplication() {\n  return { request: request };\n};\n",
        'lib/request.js':
          'var req = {};\n\n/** The first of the languages the client accepts. */\nreq.acceptsLanguages = function acceptsLanguages(list) {\n  return list[0];\n};\n\nmodule.exports = req;\n',
        'test/app.head.js':
          "var web = require('..');\n\nit('answers HEAD', function () {\n  web().request.acceptsLanguages(['en']);\n});\n",
        'test/req.acceptsLanguages.js':
          "var web = require('..');\n\ndescribe('req.acceptsLanguages', function () {\n  it('works', function () {\n    web().request.acceptsLanguages(['en']);\n  });\n});\n",
        'test/support/env.js': "process.env.NODE_ENV = 'test';\n",
      });
      const run = plan(repo, 'make acceptsLanguages return false for an empty list');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        'Extend test/req.acceptsLanguages.js (named like it (req for request), calls its code) for the new behaviour of lib/request.js',
      );
    },
    PLAN_MS,
  );
});
