import { describe, expect, it } from 'vitest';
import { classifyTestName, classifyTestPath, readTestFolders } from '../../../src/core/tests/classify-test-path.js';

describe('classifyTestPath', () => {
  describe('by the conventions of each ecosystem', () => {
    it.each([
      ['Go', 'tree_test.go', 'test'],
      ['Go test data', 'testdata/protoexample/test.proto', 'support'],
      ['pytest', 'tests/test_decoders.py', 'test'],
      ['pytest, suffix form', 'pkg/decoders_test.py', 'test'],
      ['pytest fixtures', 'tests/conftest.py', 'support'],
      ['a helper module in tests/', 'tests/common.py', 'support'],
      ['jest/vitest', 'src/parse.test.ts', 'test'],
      ['a spec in a helpers folder', 'test/specs/helpers/buildURL.spec.js', 'test'],
      ['mocha, any script in a test folder', 'test/unit/core/Axios.js', 'test'],
      ['__tests__', 'src/ui/__tests__/render.tsx', 'test'],
      ['a Jasmine setup file', 'test/specs/__helpers.js', 'support'],
      ['a setup file', 'test/setup.ts', 'support'],
      ['test support beside the tests (koa)', 'test-helpers/stream.js', 'support'],
      ['setupTests', 'src/setupTests.js', 'support'],
      ['a fixture named as a test', 'test/fixtures/b.test.ts', 'support'],
      ['a script in a helpers folder', 'test/helpers/with-server.ts', 'support'],
      ['JUnit', 'src/test/java/com/x/FooTest.java', 'test'],
      ['a JUnit helper', 'src/test/java/com/x/Builders.java', 'support'],
      ['Rust integration test', 'tests/parse.rs', 'test'],
      ['Rust test helper', 'tests/common/mod.rs', 'support'],
      ['RSpec', 'spec/models/user_spec.rb', 'test'],
      ['RSpec helper', 'spec/spec_helper.rb', 'support'],
      ['minitest', 'test/models/user_test.rb', 'test'],
      ['minitest, prefix form', 'test/test_routing.rb', 'test'],
      ['a mock named as a test (Slim)', 'tests/Mocks/InvocationStrategyTest.php', 'support'],
    ])('%s: %s is %s', (_, path, role) => {
      expect(classifyTestPath(path)).toBe(role);
    });
  });

  it.each([
    'src/flask/app.py',
    'lib/helpers/buildURL.js',
    'tree.go',
    'src/main/java/com/x/Foo.java',
    'src/lib.rs',
    'lib/helpers.js',
    'sinatra-contrib/lib/sinatra/test_helpers.rb',
  ])('calls product code %s neither', (path) => {
    expect(classifyTestPath(path)).toBeUndefined();
  });
});

describe('classifyTestName', () => {
  it("gives classifyTestPath's answer for each name in a folder read once", () => {
    const folders = ['', 'test/', 'Tests/', 'test/helpers/', 'spec/mocks/', 'src/fixtures/', 'crate/tests/', 'lib/', 'a//test/'];
    const names = ['a.test.ts', 'b.js', 'setup.ts', 'test_x.rb', 'it.rs', 'conftest.py', 'x_test.go', 'util.py', 'c.d.ts'];
    for (const folder of folders) {
      const read = readTestFolders(folder);
      for (const name of names)
        expect([folder + name, classifyTestName(name, read)]).toEqual([folder + name, classifyTestPath(folder + name)]);
    }
  });
});
