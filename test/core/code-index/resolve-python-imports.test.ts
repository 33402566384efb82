import { describe, expect, it } from 'vitest';
import { endsWithSegments, nearestFirst, PathCatalog, resolveImport } from '../../../src/core/code-index/resolve-imports.js';

const FLASK = new PathCatalog([
  'src/flask/__init__.py',
  'src/flask/app.py',
  'src/flask/typing.py',
  'src/flask/json/__init__.py',
  'tests/test_basic.py',
  'tests/test_apps/cliapp/__init__.py',
  'tests/test_apps/cliapp/inner1/__init__.py',
  'tests/test_apps/cliapp/inner1/inner2/__init__.py',
  'tests/test_apps/cliapp/inner1/inner2/flask.py',
]);

const resolve = (source: string, from: string) => resolveImport(source, from, 'python', 'import', FLASK);

describe('absolute Python imports resolve from a sys.path root', () => {
  it('takes the top-level package, not a nested module of the same name', () => {
    expect(resolve('flask', 'tests/test_basic.py')).toEqual(['src/flask/__init__.py']);
    expect(resolve('flask.json', 'tests/test_basic.py')).toEqual(['src/flask/json/__init__.py']);
  });

  it("never takes a package's own module for the standard library's", () => {
    expect(resolve('typing', 'src/flask/__init__.py')).toEqual([]);
  });

  it('still resolves relative imports inside the package', () => {
    expect(resolve('.typing', 'src/flask/__init__.py')).toEqual(['src/flask/typing.py']);
  });

  it("maps `from . import x` (parsed as `. import x`) to the module x, or to the package's __init__.py when x is a name it defines", () => {
    expect(resolve('. import typing', 'src/flask/app.py')).toEqual(['src/flask/typing.py']);
    expect(resolve('. import json', 'src/flask/app.py')).toEqual(['src/flask/json/__init__.py']);
    expect(resolve('. import current_app', 'src/flask/app.py')).toEqual(['src/flask/__init__.py']);
    expect(resolve('.. import flask', 'src/flask/json/__init__.py')).toEqual(['src/flask/__init__.py']);
    // `from .missing import x` names a module: a missing one is not folded into the package.
    expect(resolve('.missing', 'src/flask/app.py')).toEqual([]);
  });

  it('resolves from the repository root even when the root is itself a package', () => {
    const addon = new PathCatalog(['__init__.py', 'utils.py', 'main.py']);
    expect(resolveImport('utils', 'main.py', 'python', 'import', addon)).toEqual(['utils.py']);
  });
});

describe('paths by trailing segments', () => {
  const paths = [
    'core/__init__.py',
    'sympy/core/__init__.py',
    'sympy/core/basic.py',
    'sympy/polys/__init__.py',
    'vendor/sympy/core/__init__.py',
    'basic.py',
    'sympy/other/xcore/__init__.py',
  ];
  const catalog = new PathCatalog(paths);
  /** What the catalog answered before it kept paths by their last two segments: every path with the suffix, nearest first. */
  const everyMatch = (suffix: string, from: string) =>
    nearestFirst(
      paths.filter((p) => endsWithSegments(p, suffix)),
      from,
    );

  it('finds the same files, in the same order, as a scan of every path', () => {
    for (const [suffix, from] of [
      ['core/__init__.py', 'sympy/polys/__init__.py'],
      ['core/__init__.py', 'vendor/x.py'],
      ['sympy/core/__init__.py', 'a.py'],
      ['__init__.py', 'sympy/polys/x.py'],
      ['basic.py', 'sympy/core/x.py'],
      ['/basic.py', 'x.py'],
      ['ore/__init__.py', 'x.py'],
      ['missing/__init__.py', 'x.py'],
    ] as const) {
      expect(catalog.withSuffix(suffix, from), suffix).toEqual(everyMatch(suffix, from));
    }
    expect(catalog.withSuffix('core/__init__.py', 'vendor/x.py')).toEqual([
      'vendor/sympy/core/__init__.py',
      'core/__init__.py',
      'sympy/core/__init__.py',
    ]);
  });
});
