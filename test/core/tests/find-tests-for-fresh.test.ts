import { describe, expect, it } from 'vitest';
import { TestLayout } from '../../../src/core/tests/test-layout.js';
import { indexTree } from './indexed-tree.js';

// Conventions read on repositories nobody on the project had used (google/gson, sindresorhus/got,
// pallets/flask), written here as small trees of the same shape.
describe('findTestsFor, on the shapes of gson, got and flask', () => {
  const GSON_LIKE = {
    'gson/src/main/java/com/x/internal/bind/Wrapper.java':
      'package com.x.internal.bind;\n\npublic class Wrapper {\n  public int wrap() { return 1; }\n}\n',
    'gson/src/main/java/com/x/internal/bind/DateAdapter.java':
      'package com.x.internal.bind;\n\npublic class DateAdapter {\n  public int adapt() { return 2; }\n}\n',
    'gson/src/main/java/com/x/internal/bind/Marker.java': 'package com.x.internal.bind;\n\npublic @interface Marker {}\n',
    'gson/src/main/java/com/x/Gson.java':
      'package com.x;\n\nimport com.x.internal.bind.Wrapper;\n\npublic class Gson {\n  public int toJson() { return new Wrapper().wrap(); }\n}\n',
    'gson/src/test/java/com/x/internal/bind/DateAdapterTest.java':
      'package com.x.internal.bind;\n\npublic class DateAdapterTest {\n  void adapts() { new DateAdapter().adapt(); }\n}\n',
    'gson/src/test/java/com/x/functional/WrapperTest.java':
      'package com.x.functional;\n\nimport com.x.Gson;\n\npublic class WrapperTest {\n  void wraps() { new Gson().toJson(); }\n}\n',
  };

  it('names a JUnit test named after the class first, in whatever package it is, before tests of its package that do not use it', async () => {
    const tree = await indexTree(GSON_LIKE);
    expect(tree.testsFor('gson/src/main/java/com/x/internal/bind/Wrapper.java')).toEqual([
      'gson/src/test/java/com/x/functional/WrapperTest.java',
    ]);
  });

  it('does not take a JUnit test of the same package that uses none of its names for its test', async () => {
    const tree = await indexTree(GSON_LIKE);
    expect(tree.find('gson/src/main/java/com/x/internal/bind/Marker.java').kind).toBe('unknown');
    expect(tree.testsFor('gson/src/main/java/com/x/internal/bind/DateAdapter.java')).toEqual([
      'gson/src/test/java/com/x/internal/bind/DateAdapterTest.java',
    ]);
  });

  it('names the test of the file of its package that uses it, for a file no test uses (JsonScope.java: JsonReaderTest)', async () => {
    const tree = await indexTree({
      'src/main/java/com/x/stream/Scope.java':
        'package com.x.stream;\n\npublic final class Scope {\n  public static int nestedArray() { return 1; }\n}\n',
      'src/main/java/com/x/stream/Reader.java':
        'package com.x.stream;\n\npublic class Reader {\n  public int peek() { return Scope.nestedArray(); }\n}\n',
      'src/main/java/com/x/stream/Token.java': 'package com.x.stream;\n\npublic class Token {\n  public int kind() { return 3; }\n}\n',
      'src/test/java/com/x/stream/ReaderTest.java':
        'package com.x.stream;\n\npublic class ReaderTest {\n  void peeks() { new Reader().peek(); }\n}\n',
      'src/test/java/com/x/stream/TokenTest.java':
        'package com.x.stream;\n\npublic class TokenTest {\n  void kinds() { new Token().kind(); }\n}\n',
    });
    expect(tree.find('src/main/java/com/x/stream/Scope.java')).toEqual({
      kind: 'found',
      tests: [{ path: 'src/test/java/com/x/stream/ReaderTest.java', how: 'tests Reader.java, which uses it' }],
    });
  });

  it('does not take a JUnit package named like a class for a test folder named after it (typeadapters/ and TypeAdapters.java)', async () => {
    const tree = await indexTree({
      'gson/src/main/java/com/x/bind/TypeAdapters.java':
        'package com.x.bind;\n\npublic final class TypeAdapters {\n  public static int forInt() { return 1; }\n}\n',
      'gson/src/main/java/com/x/Gson.java':
        'package com.x;\n\nimport com.x.bind.TypeAdapters;\n\npublic class Gson {\n  public int toJson() { return TypeAdapters.forInt(); }\n}\n',
      'gson/src/main/java/com/x/typeadapters/UtcAdapter.java':
        'package com.x.typeadapters;\n\nimport com.x.Gson;\n\npublic class UtcAdapter {\n  public int utc() { return new Gson().toJson(); }\n}\n',
      'gson/src/test/java/com/x/typeadapters/UtcAdapterTest.java':
        'package com.x.typeadapters;\n\nimport com.x.Gson;\n\npublic class UtcAdapterTest {\n  void utc() { new Gson().toJson(); }\n}\n',
    });
    expect(tree.testsFor('gson/src/main/java/com/x/bind/TypeAdapters.java')).not.toContain(
      'gson/src/test/java/com/x/typeadapters/UtcAdapterTest.java',
    );
  });

  it("leaves out what a runner's negated glob leaves out (got's ava files: test/*, !test/*.types.ts)", () => {
    const layout = new TestLayout(['test/retry.ts', 'test/extend.types.ts', 'source/types.ts'], {
      scopes: [{ runner: 'ava', dir: '', testGlobs: ['test/*', '!test/*.types.ts'], setup: [], from: 'package.json' }],
      unreadable: [],
    });
    expect(layout.classify('test/retry.ts')).toBe('test');
    expect(layout.classify('test/extend.types.ts')).toBe('support');
    expect(layout.classify('source/types.ts')).toBeUndefined();
  });

  it("names the product's own tests before an example app's tests that import the package alike", async () => {
    const tree = await indexTree({
      'src/web/__init__.py': 'from .app import Web\n',
      'src/web/app.py': 'class Web:\n    def route(self):\n        return 1\n',
      'examples/tutorial/tests/test_auth.py': 'import web\n\n\ndef test_login():\n    web.Web().route()\n',
      'tests/test_basic.py': 'import web\n\n\ndef test_route():\n    web.Web().route()\n',
    });
    expect(tree.testsFor('src/web/__init__.py')[0]).toBe('tests/test_basic.py');
  });
});
