import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

describe('callers-not-updated in Python', () => {
  const FETCH = (params: string) => lines(`def fetch(${params}):`, '    return url', '');

  it('reports a keyword the function no longer takes, and leaves *args calls alone', async () => {
    const base = {
      'pkg/__init__.py': '',
      'pkg/net.py': FETCH('url, timeout=None'),
      'pkg/use.py': lines(
        'from pkg.net import fetch',
        '',
        'def a(u):',
        '    return fetch(u, timeout=3)',
        '',
        'def b(args):',
        '    return fetch(*args)',
      ),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/net.py': FETCH('url, deadline=None') } });
    expect(sites(findings)).toEqual(['error pkg/use.py:4']);
    expect(findings[0]!.message).toBe(
      '`fetch` no longer takes `timeout`, and this call still passes it: it raises TypeError when it runs.',
    );
  });

  it('reads `pkg.name(…)` as the call of what the package re-exports, though the file imports a module with its own `name`', async () => {
    const base = {
      'pkg/__init__.py': 'from .termui import getchar',
      'pkg/termui.py': lines('def getchar(echo=False):', '    return _impl.getchar(echo)'),
      'pkg/_impl.py': lines('def getchar(echo):', '    return "x"'),
      'tests/test_termui.py': lines('import pkg', 'import pkg._impl', '', 'def test_getchar():', '    assert pkg.getchar() == "x"'),
    };
    const findings = await reviewFindings('callers-not-updated', base, {
      write: { 'pkg/termui.py': lines('def getchar(prompt, echo=False):', '    return _impl.getchar(echo)') },
    });
    expect(sites(findings)).toEqual(['error tests/test_termui.py:5']);
  });

  it('reads a `@contextmanager` function by its own parameters, and not one under a decorator it does not know', async () => {
    const api = (params: string, decorator: string) => lines('import contextlib', '', decorator, `def stream(${params}):`, '    yield url');
    const base = (decorator: string) => ({
      'pkg/__init__.py': '',
      'pkg/api.py': api('method, url', decorator),
      'pkg/use.py': lines('from pkg.api import stream', '', 'def a(u):', '    with stream("GET", u) as r:', '        return r'),
    });
    const known = await reviewFindings('callers-not-updated', base('@contextlib.contextmanager'), {
      write: { 'pkg/api.py': api('method, url, timeout', '@contextlib.contextmanager') },
    });
    expect(sites(known)).toEqual(['error pkg/use.py:4']);
    const unknown = await reviewFindings('callers-not-updated', base('@retrying'), {
      write: { 'pkg/api.py': api('method, url, timeout', '@retrying') },
    });
    expect(unknown).toEqual([]);
  });

  it('reads the calls beside a platform fallback as calls of the imported function', async () => {
    const winconsole = (params: string) => lines(`def console_stream(${params}):`, '    return f');
    const base = {
      'pkg/__init__.py': '',
      'pkg/_winconsole.py': winconsole('f, encoding'),
      'pkg/_compat.py': lines(
        'import sys',
        '',
        'def get_text_stdin(encoding=None):',
        '    return console_stream(sys.stdin, encoding)',
        '',
        'if sys.platform == "win32":',
        '    from ._winconsole import console_stream',
        'else:',
        '    def console_stream(f, encoding):',
        '        return None',
      ),
    };
    const findings = await reviewFindings('callers-not-updated', base, {
      write: { 'pkg/_winconsole.py': winconsole('f, encoding, errors') },
    });
    expect(sites(findings)).toEqual(['error pkg/_compat.py:4']);
  });

  it('reports a required keyword-only parameter a call does not pass', async () => {
    const base = {
      'pkg/__init__.py': '',
      'pkg/net.py': FETCH('url'),
      'pkg/use.py': lines('from pkg.net import fetch', '', 'def a(u):', '    return fetch(u)'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/net.py': FETCH('url, *, verify') } });
    expect(sites(findings)).toEqual(['error pkg/use.py:4']);
    expect(findings[0]!.message).toContain('`fetch` now requires `verify`');
  });

  it('reads methods without self, through the receiver the index typed, and skips receivers it could not type', async () => {
    const client = (params: string) => lines('class Client:', `    def send(self, ${params}):`, '        return request', '');
    const base = {
      'pkg/__init__.py': '',
      'pkg/client.py': client('request'),
      'pkg/use.py': lines(
        'from pkg.client import Client',
        '',
        'def typed(r):',
        '    c = Client()',
        '    return c.send(r)',
        '',
        'def untyped(c, r):',
        '    return c.send(r)',
      ),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/client.py': client('request, stream') } });
    expect(sites(findings)).toEqual(['error pkg/use.py:5']);
  });

  it('says nothing to calls that leave out a defaulted parameter that was only renamed', async () => {
    const base = {
      'pkg/__init__.py': '',
      'pkg/net.py': FETCH('url, encoding="utf-8"'),
      'pkg/use.py': lines('from pkg.net import fetch', '', 'def a(u):', '    return fetch(u)'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/net.py': FETCH('url, charset="utf-8"') } });
    expect(findings).toEqual([]);
  });

  it('asks about a new defaulted parameter instead of calling it an error', async () => {
    const base = {
      'pkg/__init__.py': '',
      'pkg/net.py': FETCH('url'),
      'pkg/use.py': lines('from pkg.net import fetch', '', 'def a(u):', '    return fetch(u)'),
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/net.py': FETCH('url, retries=3') } });
    expect(sites(findings)).toEqual(['check pkg/net.py:1']);
  });
});

describe('callers-not-updated in Go', () => {
  const SUM = (params: string) => lines('package calc', '', `func Sum(${params}) int {`, '\treturn 0', '}');
  const MAIN = lines(
    'package main',
    '',
    'import "example.com/app/calc"',
    '',
    'func main() {',
    '\tcalc.Sum(1, 2)',
    '\txs := []int{1, 2}',
    '\tcalc.Sum(1, 2, xs...)',
    '\tfunc() { _ = calc.Sum(3, 4) }()',
    '}',
  );

  it('reports every call in another package that passes the old count (the index keeps the first per caller), reading grouped parameters, and skips variadic spreads', async () => {
    const base = { 'go.mod': 'module example.com/app\n\ngo 1.22\n', 'calc/sum.go': SUM('a, b int, rest ...int'), 'main.go': MAIN };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'calc/sum.go': SUM('a, b, c int, rest ...int') } });
    expect(sites(findings)).toEqual(['error main.go:6', 'error main.go:9']);
    expect(findings[0]!.message).toBe('`Sum` now requires `c`, and this call still passes 2 arguments: it does not compile.');
  });

  it('says nothing when only the parameter names change', async () => {
    const base = { 'go.mod': 'module example.com/app\n\ngo 1.22\n', 'calc/sum.go': SUM('a, b int, rest ...int'), 'main.go': MAIN };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'calc/sum.go': SUM('x, y int, more ...int') } });
    expect(findings).toEqual([]);
  });
});
