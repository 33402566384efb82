import { describe, expect, it } from 'vitest';
import { findReturnShapeChanges } from '../../../../src/core/review/findings/find-return-shape-changes.js';
import { lines, runRule, toSites } from './review-findings.js';

describe('return-shape-changed in Python', () => {
  it('flags a call of a now-async def that does not await it, and not one that awaits or hands the coroutine on', async () => {
    const caller = lines(
      'import asyncio',
      'from app.store import fetch_user',
      '',
      'def refresh(uid):',
      '    fetch_user(uid)',
      '',
      'def name_of(uid):',
      '    user = fetch_user(uid)',
      '    return user.name',
      '',
      'async def awaited(uid):',
      '    return (await fetch_user(uid)).name',
      '',
      'def run(uid):',
      '    return asyncio.run(fetch_user(uid))',
    );
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'app/__init__.py': '',
        'app/store.py': lines('def fetch_user(uid):', '    return {"id": uid}'),
        'app/views.py': caller,
      },
      { write: { 'app/store.py': lines('async def fetch_user(uid):', '    return {"id": uid}') } },
    );
    expect(toSites(findings)).toEqual(['app/views.py:5 error', 'app/views.py:8 error']);
    expect(findings.find((f) => f.line === 5)!.message).toBe(
      '`fetch_user` is now `async def`, but this call does not await it: the coroutine is created and never runs.',
    );
  });

  it('flags a decorator factory made async where a module applies it with `@pkg.factory()`', async () => {
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'cli/__init__.py': 'from .decorators import version_option',
        'cli/decorators.py': lines(
          'def version_option(version=None):',
          '    def decorator(f):',
          '        return f',
          '    return decorator',
        ),
        'examples/tool.py': lines('import cli', '', '@cli.version_option("1.0")', 'def main():', '    pass'),
      },
      {
        write: {
          'cli/decorators.py': lines(
            'async def version_option(version=None):',
            '    def decorator(f):',
            '        return f',
            '    return decorator',
          ),
        },
      },
    );
    expect(toSites(findings)).toEqual(['examples/tool.py:3 error']);
    expect(findings[0]!.message).toContain('applies the result as a decorator');
  });

  it("reads `pkg.name()` in a module defining a `name` of its own as a call of the package's function", async () => {
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'cli/__init__.py': 'from .termui import pause',
        'cli/termui.py': lines('def pause(info=None):', '    print(info)'),
        'examples/tool.py': lines('import cli', '', 'def pause():', '    cli.pause()'),
      },
      { write: { 'cli/termui.py': lines('async def pause(info=None):', '    print(info)') } },
    );
    expect(toSites(findings)).toEqual(['examples/tool.py:4 error']);
  });

  it('warns where coroutines are collected or handed on without await, and not where asyncio gathers them', async () => {
    const caller = lines(
      'import asyncio',
      'from app.text import strip',
      '',
      'def plain(lines):',
      '    return [strip(x) for x in lines] == lines',
      '',
      'def handed(stream):',
      '    encoding = strip(stream)',
      '    yield stream, encoding',
      '',
      'async def gathered(lines):',
      '    return await asyncio.gather(*[strip(x) for x in lines])',
    );
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'app/__init__.py': '',
        'app/text.py': lines('def strip(value):', '    return value.strip()'),
        'app/views.py': caller,
      },
      { write: { 'app/text.py': lines('async def strip(value):', '    return value.strip()') } },
    );
    expect(toSites(findings)).toEqual(['app/views.py:5 warning', 'app/views.py:8 warning']);
    expect(findings[0]!.message).toContain('collects the coroutines in a comprehension and never awaits them');
  });

  it('withholds the calls the index links to two definitions of the name', async () => {
    const caller = lines(
      'from app.store import fetch_user',
      'from app.legacy import fetch_user as fetch_old',
      '',
      'def both(uid):',
      '    a = fetch_user(uid)',
      '    b = fetch_old(uid)',
      '    return a.name + b.name',
    );
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'app/__init__.py': '',
        'app/store.py': lines('def fetch_user(uid):', '    return {"id": uid}'),
        'app/legacy.py': lines('def fetch_user(uid):', '    return {"id": uid}'),
        'app/views.py': caller,
      },
      { write: { 'app/store.py': lines('async def fetch_user(uid):', '    return {"id": uid}') } },
    );
    expect(findings).toEqual([]);
  });

  it('asks about a caller that reads an attribute of a result that may now be None, and not one that checks it', async () => {
    const caller = lines(
      'from app.users import find_user',
      '',
      'def name_of(uid):',
      '    return find_user(uid).name',
      '',
      'def checked(uid):',
      '    user = find_user(uid)',
      '    if user is None:',
      '        return ""',
      '    return user.name',
    );
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'app/__init__.py': '',
        'app/users.py': lines('def find_user(uid) -> User:', '    return load(uid)'),
        'app/views.py': caller,
      },
      { write: { 'app/users.py': lines('def find_user(uid) -> User | None:', '    return load(uid)') } },
    );
    expect(toSites(findings)).toEqual(['app/views.py:4 check']);
  });

  it('warns where a caller unpacks a result that is no longer a tuple', async () => {
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'app/__init__.py': '',
        'app/split.py': lines('def split_pair(text) -> tuple[str, str]:', '    a, b = text.split(":")', '    return a, b'),
        'app/use.py': lines(
          'from app.split import split_pair',
          '',
          'def host(text):',
          '    host, port = split_pair(text)',
          '    return host',
        ),
      },
      { write: { 'app/split.py': lines('def split_pair(text) -> str:', '    a, b = text.split(":")', '    return a') } },
    );
    expect(toSites(findings)).toEqual(['app/use.py:4 warning']);
  });
});

describe('return-shape-changed in Go', () => {
  const caller = lines(
    'package app',
    '',
    'func Use() int {',
    '\tx := ParsePort("a")',
    '\tv, err := ParsePort("b")',
    '\t_ = err',
    '\tParsePort("c")',
    '\treturn x + v + ParsePort("d")',
    '}',
  );

  it('flags every call that no longer compiles when a function gains a result', async () => {
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'go.mod': 'module example.com/app\n',
        'app/parse.go': lines('package app', '', 'func ParsePort(s string) int {', '\treturn len(s)', '}'),
        'app/use.go': caller,
      },
      {
        write: {
          'app/parse.go': lines('package app', '', 'func ParsePort(s string) (int, error) {', '\treturn len(s), nil', '}'),
        },
      },
    );
    expect(toSites(findings)).toEqual(['app/use.go:4 error', 'app/use.go:8 error']);
    expect(findings[0]!.message).toBe(
      '`ParsePort` now returns 2 values (it returned 1), but this call assigns 1 (it no longer compiles: assignment mismatch).',
    );
  });

  it('says nothing when the number of results is unchanged', async () => {
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'go.mod': 'module example.com/app\n',
        'app/parse.go': lines('package app', '', 'func ParsePort(s string) int {', '\treturn len(s)', '}'),
        'app/use.go': lines('package app', '', 'func Use() int {', '\treturn ParsePort("a")', '}'),
      },
      { write: { 'app/parse.go': lines('package app', '', 'func ParsePort(s string) int64 {', '\treturn int64(len(s))', '}') } },
    );
    expect(findings).toEqual([]);
  });

  it('leaves out a call of the same name in another package', async () => {
    const web = lines(
      'package web',
      '',
      'import (',
      '\t"net/http"',
      '',
      '\t"example.com/app/mw"',
      ')',
      '',
      'func Handler() {',
      '\ta := http.StripPrefix("a")',
      '\tb := mw.StripPrefix("b")',
      '\t_, _ = a, b',
      '}',
    );
    const findings = await runRule(
      findReturnShapeChanges,
      {
        'go.mod': 'module example.com/app\n',
        'mw/strip.go': lines('package mw', '', 'func StripPrefix(p string) string {', '\treturn p', '}'),
        'web/web.go': web,
      },
      { write: { 'mw/strip.go': lines('package mw', '', 'func StripPrefix(p string) (string, error) {', '\treturn p, nil', '}') } },
    );
    expect(toSites(findings)).toEqual(['web/web.go:11 error']);
  });
});
