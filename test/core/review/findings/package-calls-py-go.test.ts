import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

const POST = (params: string) => lines(`def post(${params}):`, '    return url', '');

describe('calls through a Python package that re-exports a module', () => {
  const caller = lines('import pkg', '', '', 'def test_get():', '    pkg.post("u")');

  it('links `pkg.post()` to the definition `from ._api import *` re-exports', async () => {
    const base = { 'pkg/__init__.py': lines('from ._api import *'), 'pkg/_api.py': POST('url'), 'tests/test_api.py': caller };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': POST('url, token') } });
    expect(sites(findings)).toEqual(['error tests/test_api.py:5']);
  });

  it('links `pkg.post()` to the definition a named re-export names (`from ._api import post as post`)', async () => {
    const base = {
      'pkg/__init__.py': lines('from ._api import post as post'),
      'pkg/_api.py': POST('url'),
      'tests/test_api.py': caller,
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': POST('url, token') } });
    expect(sites(findings)).toEqual(['error tests/test_api.py:5']);
  });
});

describe('Go tests of the same package', () => {
  const PICK = (params: string) => lines('package binding', '', `func Pick(${params}) string {`, '\treturn ""', '}');
  const TEST = lines(
    'package binding',
    '',
    'import "testing"',
    '',
    'func TestPick(t *testing.T) {',
    '\tPick("GET")',
    '\tcheck(t, "form", Pick("POST"))',
    '}',
    '',
    'func check(t *testing.T, want, got string) {}',
  );

  it('reports calls in a _test.go file that no longer compile, nested in another call too', async () => {
    const base = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'binding/pick.go': PICK('method string'),
      'binding/pick_test.go': TEST,
    };
    const findings = await reviewFindings('callers-not-updated', base, {
      write: { 'binding/pick.go': PICK('method, contentType string') },
    });
    expect(sites(findings)).toEqual(['error binding/pick_test.go:6', 'error binding/pick_test.go:7']);
  });
});

describe('Go functions of one name in several files', () => {
  const DEFAULT = (params: string, tag = '') =>
    lines(...(tag ? [`//go:build ${tag}`, ''] : []), 'package binding', '', `func Default(${params}) string {`, '\treturn ""', '}');
  const base = {
    'go.mod': 'module example.com/app\n\ngo 1.22\n',
    'binding/binding.go': DEFAULT('method string'),
    'binding/binding_nomsgpack.go': DEFAULT('method string', 'nomsgpack'),
    'binding/binding_test.go': lines(
      'package binding',
      '',
      'import "testing"',
      '',
      'func TestDefault(t *testing.T) {',
      '\tDefault("GET")',
      '}',
    ),
    'gin.go': lines('package gin', '', 'func Default() int {', '\treturn 0', '}'),
    'context.go': lines('package gin', '', 'import "example.com/app/binding"', '', 'func bind() {', '\tbinding.Default("GET")', '}'),
  };

  it('reports the calls of a build variant, and a package-qualified call beside a same-named function of the caller’s package', async () => {
    const findings = await reviewFindings('callers-not-updated', base, {
      write: { 'binding/binding.go': DEFAULT('method, contentType string') },
    });
    expect(sites(findings)).toEqual(['error binding/binding_test.go:6', 'error context.go:6']);
  });
});

describe('functions named too commonly to link by name (get, split)', () => {
  it('reads `pkg.get()` and a plain `get()` in Python, and leaves `d.get()` alone', async () => {
    const GET = (params: string) => lines(`def get(${params}):`, '    return url', '');
    const base = {
      'pkg/__init__.py': lines('from ._api import *'),
      'pkg/_api.py': GET('url'),
      'tests/test_api.py': lines('import pkg', '', '', 'def test_get(d):', '    pkg.get("u")', '    d.get("u")'),
      'tests/test_plain.py': lines('from pkg._api import get', '', '', 'def test_get():', '    get("u")'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': GET('url, token') } });
    expect(sites(findings)).toEqual(['error tests/test_api.py:5', 'error tests/test_plain.py:5']);
  });

  it('reads a Go `split()` in its file and its package’s tests, and leaves `strings`-like receivers alone', async () => {
    const SPLIT = (params: string) =>
      lines('package middleware', '', `func split(${params}) []string {`, '\treturn nil', '}', '', 'func use() {', '\tsplit("a")', '}');
    const base = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'middleware/charset.go': SPLIT('s string'),
      'middleware/charset_test.go': lines('package middleware', '', 'func helper(p parts) {', '\tsplit("b")', '\tp.split("c")', '}'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'middleware/charset.go': SPLIT('s, sep string') } });
    expect(sites(findings)).toEqual(['error middleware/charset_test.go:4', 'error middleware/charset.go:8']);
  });
});

describe('removed-still-used through a Python package', () => {
  it('reports `pkg.post()` and `from pkg import post` when the module the package re-exports no longer defines it', async () => {
    const base = {
      'pkg/__init__.py': lines('from ._api import *'),
      'pkg/_api.py': lines('def post(url):', '    return url', '', 'def put(url):', '    return url'),
      'tests/test_api.py': lines('import pkg', '', '', 'def test_post(d):', '    d.post("u")', '    pkg.post("u")'),
      'tests/test_from.py': lines('from pkg import post', '', 'post("u")'),
    };
    const findings = await reviewFindings('removed-still-used', base, {
      write: { 'pkg/_api.py': lines('def put(url):', '    return url') },
    });
    expect(sites(findings)).toEqual(['error tests/test_api.py:6', 'error tests/test_from.py:1']);
    expect(findings[0]!.message).toContain('AttributeError');
  });
});

describe('new defaulted parameters and Python tests', () => {
  it('does not ask about tests that call through the package without the new defaulted parameter', async () => {
    const base = {
      'pkg/__init__.py': lines('from ._api import *'),
      'pkg/_api.py': POST('url'),
      'tests/test_api.py': lines('import pkg', '', '', 'def test_post():', '    pkg.post("u")'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': POST('url, retries=3') } });
    expect(findings).toEqual([]);
  });
});
