import { describe, expect, it } from 'vitest';
import { readTestRunnerConfig } from '../../../src/core/tests/read-test-runner-config.js';

async function read(files: Record<string, string>) {
  return readTestRunnerConfig(Object.keys(files), (path) => {
    const text = files[path];
    return text === undefined ? Promise.reject(new Error(`no ${path}`)) : Promise.resolve(text);
  });
}

describe('readTestRunnerConfig', () => {
  it("reads jest's testMatch and setupFiles from a config file's literals, under its folder", async () => {
    const config = await read({
      'packages/web/jest.config.js':
        "module.exports = {\n  // the specs\n  testMatch: ['<rootDir>/spec/**/*.spec.ts', \"**/__tests__/**/*.ts\"],\n  setupFiles: ['./jest.setup.ts'],\n};\n",
    });
    expect(config.scopes).toEqual([
      {
        runner: 'jest',
        dir: 'packages/web',
        testGlobs: ['spec/**/*.spec.ts', '**/__tests__/**/*.ts'],
        setup: ['packages/web/jest.setup.ts'],
        from: 'packages/web/jest.config.js',
      },
    ]);
  });

  it("reads vitest's test.include, not coverage.include", async () => {
    const config = await read({
      'vitest.config.ts':
        "import { defineConfig } from 'vitest/config';\nexport default defineConfig({\n  test: {\n    include: ['test/**/*.test.ts'],\n    coverage: { include: ['src/**'] },\n    setupFiles: ['test/setup.ts'],\n  },\n});\n",
    });
    expect(config.scopes).toMatchObject([{ runner: 'vitest', testGlobs: ['test/**/*.test.ts'], setup: ['test/setup.ts'] }]);
  });

  it('never runs a config: a computed list is named unreadable and the conventions stand', async () => {
    const config = await read({ 'jest.config.js': "const dirs = ['a'];\nmodule.exports = { testMatch: dirs.map((d) => `${d}/**`) };\n" });
    expect(config).toEqual({ scopes: [], unreadable: ['jest.config.js'] });
  });

  it("takes karma's globbed files as tests and its plain files as setup", async () => {
    const config = await read({
      'karma.conf.cjs':
        "module.exports = function (config) {\n  config.set({ files: [{pattern: 'test/specs/__helpers.js', watched: false}, {pattern: 'test/specs/**/*.spec.js'}] });\n};\n",
    });
    expect(config.scopes).toMatchObject([{ runner: 'karma', testGlobs: ['test/specs/**/*.spec.js'], setup: ['test/specs/__helpers.js'] }]);
  });

  it("reads the globs a package.json script passes to mocha, and ava's files", async () => {
    const config = await read({
      'package.json': JSON.stringify({
        scripts: { test: 'npm run lint && mocha test/unit/**/*.js --timeout 30000 --exit', exports: 'mocha test/module/test.js' },
        ava: { files: ['tests/**/*.mjs'] },
      }),
    });
    expect(config.scopes.map((s) => [s.runner, s.testGlobs])).toEqual([
      ['ava', ['tests/**/*.mjs']],
      ['mocha', ['test/unit/**/*.js']],
      ['mocha', ['test/module/test.js']],
    ]);
  });

  it.each([
    ['pytest.ini', '[pytest]\ntestpaths = tests\n    integration\npython_files = check_*.py\n'],
    ['tox.ini', '[tox]\nenvlist = py3\n\n[pytest]\ntestpaths = tests integration\npython_files = check_*.py\n'],
    ['setup.cfg', '[metadata]\nname = x\n\n[tool:pytest]\ntestpaths =\n    tests\n    integration\npython_files = check_*.py\n'],
    [
      'pyproject.toml',
      '[project]\nname = "x"\n\n[tool.pytest.ini_options]\ntestpaths = [\n  "tests",  # unit\n  "integration",\n]\npython_files = "check_*.py"\n',
    ],
  ])("reads pytest's testpaths and python_files from %s", async (file, text) => {
    const config = await read({ [file]: text });
    expect(config.scopes).toEqual([
      { runner: 'pytest', dir: '', testGlobs: ['tests', 'integration'], setup: [], nameGlobs: ['check_*.py'], from: file },
    ]);
  });

  it('reads nothing from a setup.cfg without a pytest section', async () => {
    expect(await read({ 'setup.cfg': '[metadata]\nname = x\n' })).toEqual({ scopes: [], unreadable: [] });
  });
});
