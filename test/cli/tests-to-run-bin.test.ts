import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

/** The `nanodex` bin as npm installs it: a real process over a real repository. */
function nanodex(args: string[]) {
  const result = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * express' shape: tests load the package (`require('..')`) and are named after the object they test
 * (`test/res.send.js` for `lib/response.js`); `test/app.param.js` calls `res.send` on a handler's parameter.
 * The head changes `res.send`.
 */
function expressLike(): { repo: string; base: string; head: string } {
  const send = (body: string) => `var res = module.exports = {};\n\nres.send = function send(body) {\n  return ${body};\n};\n`;
  const repo = makeTempRepo(
    {
      'package.json': JSON.stringify({ name: 'web', scripts: { test: 'mocha --require test/support/env --check-leaks test/' } }),
      'index.js': "module.exports = require('./lib/web');\n",
      'lib/web.js':
        "var res = require('./response');\n\nexports = module.exports = function createApplication() {\n  return { response: res };\n};\n",
      'lib/response.js': send('body'),
      'test/support/env.js': "process.env.NODE_ENV = 'test';\n",
      'test/res.send.js':
        "var web = require('..');\n\ndescribe('res.send()', function () {\n  it('sends', function () {\n    web().response.send('x');\n  });\n});\n",
      'test/app.param.js':
        "var web = require('..');\n\ndescribe('app.param()', function () {\n  it('maps', function () {\n    var handler = function (req, res) { res.send('ok'); };\n    handler({}, web().response);\n  });\n});\n",
    },
    { git: true },
  );
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  writeFiles(repo, { 'lib/response.js': send('String(body)') });
  git(repo, ['add', '-A']);
  git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'send strings']);
  return { repo, base, head: git(repo, ['rev-parse', 'HEAD']).trim() };
}

/** A loaded 2-core machine: the build (when dist/ is stale) and each review get room. */
const BUILD_MS = 300_000;
const REVIEW_MS = 240_000;

describe('nanodex review (the bin) > tests to run', () => {
  beforeAll(() => {
    ensureBuilt('src/cli/main.js');
  }, BUILD_MS);

  it(
    'lists the test named for the changed file, and only counts the test that reaches it through the package',
    () => {
      const { repo, base, head } = expressLike();
      const common = ['review', '--repo', repo, '--base', base, '--head', head, '--data-dir', path.join(makeTempDir(), 'data')];

      const json = nanodex([...common, '--json']);
      expect(json.stderr).not.toMatch(/\n\s+at /);
      expect(json.code).toBe(0);
      const tests = (JSON.parse(json.stdout) as { output: { review: { tests: unknown } } }).output.review.tests;
      expect(tests).toMatchObject({ testsToRun: ['test/res.send.js'], moreTests: 0, indirectTests: 1 });

      const text = nanodex(common);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('### Tests to run');
      expect(text.stdout).toContain('- `test/res.send.js`');
      expect(text.stdout).not.toContain('- `test/app.param.js`');
      expect(text.stdout).toContain('1 other test file reaches the changed files only indirectly');
    },
    REVIEW_MS,
  );
});
