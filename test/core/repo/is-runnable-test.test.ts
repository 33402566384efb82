import { describe, expect, it } from 'vitest';
import { isRunnableTest } from '../../../src/core/repo/is-test-file.js';

describe('isRunnableTest', () => {
  it.each([
    ['tests/test_basic.py', true],
    ['pkg/store_test.go', true],
    ['src/a.test.ts', true],
    ['test/arguments.ts', true],
    ['src/test/java/FooTest.java', true],
    ['spec/models/user_spec.rb', true],
    ['tests/conftest.py', false],
    ['tests/test_apps/blueprintapp/__init__.py', false],
    ['test/helpers/with-server.ts', false],
    ['tests/fixtures/app.py', false],
    ['test/fixtures/b.test.ts', false],
    ['src/flask/app.py', false],
  ])('%s: %s', (path, runnable) => {
    expect(isRunnableTest(path)).toBe(runnable);
  });
});
