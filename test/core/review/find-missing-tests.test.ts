import { describe, expect, it } from 'vitest';
import { findMissingTests } from '../../../src/core/review/find-missing-tests.js';
import type { DiffFile } from '../../../src/core/review/parse-diff.js';

const changed = (path: string, status: DiffFile['status'] = 'modified'): DiffFile => ({
  path,
  status,
  binary: false,
  hunks: [],
  additions: 1,
  deletions: 0,
});
const missing = (...files: DiffFile[]) => findMissingTests(files).map((m) => m.path);

describe('findMissingTests', () => {
  it('reports changed source with no test change, and says which names it looked for', () => {
    expect(findMissingTests([changed('src/parse.ts')])).toEqual([{ path: 'src/parse.ts', lookedFor: ['parse.test.ts', 'parse.spec.ts'] }]);
    expect(findMissingTests([changed('app/models.py')])[0]!.lookedFor).toEqual(['test_models.py', 'models_test.py']);
  });

  it("accepts a changed test of the same name anywhere, in each language's convention", () => {
    expect(missing(changed('src/core/parse.ts'), changed('test/other/parse.test.ts'))).toEqual([]);
    expect(missing(changed('app/models.py'), changed('tests/unit/test_models.py'))).toEqual([]);
    expect(missing(changed('pkg/store/store.go'), changed('pkg/store/store_test.go'))).toEqual([]);
    expect(missing(changed('src/main/java/Foo.java'), changed('src/test/java/FooTest.java'))).toEqual([]);
  });

  it('accepts any changed test in the same package folder, a __tests__ folder, or the mirror under a test root', () => {
    expect(missing(changed('pkg/store/store.go'), changed('pkg/store/other_test.go'))).toEqual([]);
    expect(missing(changed('src/ui/button.tsx'), changed('src/ui/__tests__/render.test.tsx'))).toEqual([]);
    expect(missing(changed('src/core/review/a.ts'), changed('test/core/review/b.test.ts'))).toEqual([]);
    expect(missing(changed('src/core/review/a.ts'), changed('test/core/explore/b.test.ts'))).toEqual(['src/core/review/a.ts']);
  });

  it('lets a test for a folder cover its index file', () => {
    expect(missing(changed('src/router/index.ts'), changed('test/router.test.ts'))).toEqual([]);
  });

  it('ignores docs, config, tests, type declarations, deletions and Rust (whose tests live in the file)', () => {
    expect(
      missing(
        changed('README.md'),
        changed('config.yaml'),
        changed('test/a.test.ts'),
        changed('src/types.d.ts'),
        changed('src/gone.ts', 'deleted'),
        changed('src/lib.rs'),
      ),
    ).toEqual([]);
  });

  it('does not count a deleted test as covering anything', () => {
    expect(missing(changed('src/parse.ts'), changed('test/parse.test.ts', 'deleted'))).toEqual(['src/parse.ts']);
  });
});
