import { describe, expect, it } from 'vitest';
import { findUntestedApi } from '../../../../src/core/review/findings/find-untested-api.js';
import { lines, runRule, toSites } from './review-findings.js';

const SLUGIFY = lines(
  'export function slugify(text: string): string {',
  '  const lower = text.toLowerCase();',
  "  return lower.replace(/\\s+/g, '-');",
  '}',
);
const TS_BASE = {
  'src/text.ts': lines('export function trim(text: string): string {', '  const out = text.trim();', '  return out;', '}'),
  'test/text.test.ts': lines("import { trim } from '../src/text.js';", "trim(' a ');"),
};

describe('new-api-untested', () => {
  describe('in TypeScript', () => {
    it('asks about a new export no test reaches, at its definition line', async () => {
      const findings = await runRule(findUntestedApi, TS_BASE, { write: { 'src/slug.ts': SLUGIFY } });
      expect(findings).toEqual([
        {
          rule: 'new-api-untested',
          severity: 'check',
          path: 'src/slug.ts',
          line: 1,
          message: 'New function `slugify` is part of the API, and no test reaches it: no test refers to it or calls code that calls it.',
          evidence: [
            { label: 'definition', path: 'src/slug.ts', startLine: 1, endLine: 4, code: 'export function slugify(text: string): string' },
          ],
        },
      ]);
    });

    it('says nothing when a test changed in the same diff imports it', async () => {
      const test = lines("import { slugify } from '../src/slug.js';", "slugify('A b');");
      const findings = await runRule(findUntestedApi, TS_BASE, { write: { 'src/slug.ts': SLUGIFY, 'test/slug.test.ts': test } });
      expect(findings).toEqual([]);
    });

    it('says nothing when a tested function calls it', async () => {
      const text = lines(
        'export function trim(text: string): string {',
        '  const out = text.trim();',
        '  return slugify(out);',
        '}',
        '',
        ...SLUGIFY.split('\n'),
      );
      const findings = await runRule(findUntestedApi, TS_BASE, { write: { 'src/text.ts': text } });
      expect(findings).toEqual([]);
    });

    it('leaves out unexported functions, types, one-line functions and test files', async () => {
      const text = lines(
        'export function trim(text: string): string {',
        '  const out = text.trim();',
        '  return out;',
        '}',
        'function helper(text: string): string {',
        '  const out = text.trim();',
        '  return out;',
        '}',
        'export interface Options {',
        '  a: string;',
        '  b: string;',
        '}',
        'export const one = (s: string) => s;',
      );
      const testHelper = lines('export function makeText(n: number): string {', "  const a = 'a';", '  return a.repeat(n);', '}');
      const findings = await runRule(findUntestedApi, TS_BASE, { write: { 'src/text.ts': text, 'test/make-text.ts': testHelper } });
      expect(findings).toEqual([]);
    });
  });

  describe('in Python', () => {
    it('asks about a new public method of an existing class, not a private one or a dunder', async () => {
      const base = {
        'pkg/__init__.py': '',
        'pkg/client.py': lines('class Client:', '    def get(self, url):', '        r = self._send(url)', '        return r'),
        'tests/test_client.py': lines('from pkg.client import Client', '', 'def test_get():', '    Client().get("/")'),
      };
      const client = lines(
        'class Client:',
        '    def get(self, url):',
        '        r = self._send(url)',
        '        return r',
        '',
        '    def stream_lines(self, url):',
        '        r = self.get(url)',
        '        lines = r.splitlines()',
        '        return lines',
        '',
        '    def _retry(self, url):',
        '        r = self.get(url)',
        '        r = self.get(url) if not r else r',
        '        return r',
        '',
        '    def __len__(self):',
        '        n = 0',
        '        n += 1',
        '        return n',
      );
      const findings = await runRule(findUntestedApi, base, { write: { 'pkg/client.py': client } });
      expect(toSites(findings)).toEqual(['pkg/client.py:6 check']);
      expect(findings[0]!.message).toContain('`Client.stream_lines`');
    });
  });

  describe('in Go', () => {
    const base = {
      'go.mod': 'module example.com/app\n',
      'app/route.go': lines('package app', '', 'func Route(p string) string {', '\tq := p + "/"', '\treturn q', '}'),
      'app/route_test.go': lines('package app', '', 'import "testing"', '', 'func TestRoute(t *testing.T) {', '\tRoute("a")', '}'),
    };
    const added = lines(
      'package app',
      '',
      'func JoinRoutes(a, b string) string {',
      '\tq := Route(a)',
      '\treturn q + b',
      '}',
      '',
      'func joinPrivate(a string) string {',
      '\tq := a',
      '\treturn q',
      '}',
    );

    it('asks about a new exported function, and not an unexported one', async () => {
      const findings = await runRule(findUntestedApi, base, { write: { 'app/join.go': added } });
      expect(toSites(findings)).toEqual(['app/join.go:3 check']);
    });

    it('says nothing once a test in the package calls it', async () => {
      const test = lines('package app', '', 'import "testing"', '', 'func TestJoin(t *testing.T) {', '\tJoinRoutes("a", "b")', '}');
      const findings = await runRule(findUntestedApi, base, { write: { 'app/join.go': added, 'app/join_test.go': test } });
      expect(findings).toEqual([]);
    });
  });
});

describe('new-api-untested on properties', () => {
  it('withholds a new property: the index keeps calls, not attribute reads', async () => {
    const base = {
      'pkg/__init__.py': '',
      'pkg/option.py': lines('class Option:', '    def parse(self, value):', '        v = value.strip()', '        return v'),
      'tests/test_option.py': lines('from pkg.option import Option', '', 'def test_parse():', '    Option().parse(" a ")'),
    };
    const option = lines(
      'class Option:',
      '    def parse(self, value):',
      '        v = value.strip()',
      '        return v',
      '',
      '    @property',
      '    def is_flag(self):',
      '        a = self.kind',
      '        b = a == "flag"',
      '        return b',
    );
    const findings = await runRule(findUntestedApi, base, { write: { 'pkg/option.py': option } });
    expect(findings).toEqual([]);
  });
});
