import { describe, expect, it } from 'vitest';
import { TestLayout } from '../../../src/core/tests/test-layout.js';

describe('TestLayout', () => {
  it('takes a plain script in a test folder of named specs for a helper, and in a mocha-style folder for a test', () => {
    const layout = new TestLayout(['test/a.spec.ts', 'test/server.ts', 'other/test/unit/b.js']);
    expect(layout.classify('test/a.spec.ts')).toBe('test');
    expect(layout.classify('test/server.ts')).toBe('support');
    expect(layout.classify('other/test/unit/b.js')).toBe('test');
  });

  it("lets a runner's globs decide what it runs, under the runner's folder only", () => {
    const layout = new TestLayout(['web/e2e/login.ts', 'web/src/x.test.ts', 'api/test/y.test.ts'], {
      scopes: [{ runner: 'jest', dir: 'web', testGlobs: ['e2e/**/*.ts'], setup: [], from: 'web/jest.config.js' }],
      unreadable: [],
    });
    expect(layout.classify('web/e2e/login.ts')).toBe('test');
    expect(layout.classify('web/src/x.test.ts')).toBe('support');
    expect(layout.classify('api/test/y.test.ts')).toBe('test');
  });

  it("uses pytest's python_files for names", () => {
    const layout = new TestLayout(['tests/check_io.py', 'tests/test_old.py'], {
      scopes: [{ runner: 'pytest', dir: '', testGlobs: ['tests'], setup: [], nameGlobs: ['check_*.py'], from: 'pytest.ini' }],
      unreadable: [],
    });
    expect(layout.classify('tests/check_io.py')).toBe('test');
    expect(layout.classify('tests/test_old.py')).toBe('support');
  });

  it('indexes its tests by the name they test and by folder', () => {
    const layout = new TestLayout(['tree_test.go', 'tree.go', 'tests/test_decoders.py']);
    expect(layout.testsNamed('tree')).toEqual(['tree_test.go']);
    expect(layout.testsNamed('decoder')).toEqual(['tests/test_decoders.py']);
    expect(layout.testsIn('')).toEqual(['tree_test.go']);
  });
});
