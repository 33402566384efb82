import { describe, expect, it } from 'vitest';
import type { CodeIndex, IndexedFile } from '../../../src/core/code-index/code-index.js';
import { describeLeftOut, listProductFiles } from '../../../src/core/diagram/list-product-files.js';
import { describeNonProductFolder, findNonProductFolder } from '../../../src/core/repo/non-product-folders.js';

function indexOf(paths: string[]): CodeIndex {
  const files = paths.map((path): IndexedFile => ({
    path,
    blobSha: '0',
    size: 1,
    lines: 1,
    language: path.endsWith('.md') ? 'text' : 'python',
  }));
  return { listFiles: () => files } as Partial<CodeIndex> as CodeIndex;
}

describe('listProductFiles', () => {
  it('keeps the product and counts what it leaves out by folder', () => {
    const { files, leftOut } = listProductFiles(
      indexOf([
        'src/flask/app.py',
        'examples/tutorial/flaskr/db.py',
        'examples/celery/task.py',
        'docs/conf.py',
        'tests/test_app.py',
        'README.md',
      ]),
    );
    expect(files).toEqual(['src/flask/app.py']);
    expect(leftOut).toEqual([
      { label: 'examples/', files: 2 },
      { label: 'docs/', files: 1 },
      { label: 'tests', files: 1 },
    ]);
    expect(describeLeftOut(leftOut, 2)).toBe('examples/ (2 files), docs/ (1 file) and 1 more folder');
  });

  it('draws a scope inside examples as asked', () => {
    expect(listProductFiles(indexOf(['examples/a/x.py', 'src/y.py']), 'examples/a').files).toEqual(['examples/a/x.py']);
  });

  it('keeps the examples of a repository that has nothing else', () => {
    expect(listProductFiles(indexOf(['examples/a/x.py'])).files).toEqual(['examples/a/x.py']);
  });
});

describe('findNonProductFolder', () => {
  it('names the folder down to the non-product one', () => {
    expect(findNonProductFolder('documentation/examples/pagination.js')).toBe('documentation');
    expect(findNonProductFolder('benchmark/index.ts')).toBe('benchmark');
    // Go's doc/ is a package (cobra's doc generators), not documentation.
    expect(findNonProductFolder('doc/man_docs.go')).toBeUndefined();
  });

  it("reads a folder the Go tool ignores by its leading underscore as what it holds (chi's _examples)", () => {
    expect(findNonProductFolder('_examples/rest/main.go')).toBe('_examples');
    expect(findNonProductFolder('_benchmarks/mux.go')).toBe('_benchmarks');
    expect(findNonProductFolder('_internal/tree.go')).toBeUndefined();
    expect(describeNonProductFolder('_examples')).toBe('example');
  });

  it('reads a folder named by such a word and another (attrs typing-examples/), but not a Python package named so', () => {
    expect(findNonProductFolder('typing-examples/baseline.py')).toBe('typing-examples');
    expect(findNonProductFolder('examples-next/pages/index.js')).toBe('examples-next');
    expect(findNonProductFolder('example_app/settings.py')).toBe('example_app');
    expect(findNonProductFolder('docs/code-samples/a.go')).toBe('docs');
    expect(findNonProductFolder('site/api-demos/a.ts')).toBe('site');
    expect(findNonProductFolder('packages/ui/code-samples/button.tsx')).toBe('packages/ui/code-samples');
    expect(describeNonProductFolder('typing-examples')).toBe('example');
    expect(describeNonProductFolder('benchmarks_x')).toBe('benchmark');
    expect(describeNonProductFolder('api-demos')).toBe('demo');
    // pydantic's pytest-examples ships the package pytest_examples/; a word inside a name is no such folder either.
    expect(findNonProductFolder('pytest_examples/lint.py')).toBeUndefined();
    expect(findNonProductFolder('lib/counterexamples/a.js')).toBeUndefined();
    expect(findNonProductFolder('lib/resample/a.js')).toBeUndefined();
  });

  it("keeps a Python src layout's packages product code, whatever they are named (textual's src/textual/demo/)", () => {
    expect(findNonProductFolder('src/textual/demo/home.py')).toBeUndefined();
    expect(findNonProductFolder('src/examples/__init__.py')).toBeUndefined();
    expect(findNonProductFolder('examples/src/app.py')).toBe('examples');
    expect(findNonProductFolder('src/examples/app.ts')).toBe('src/examples');
  });
});
