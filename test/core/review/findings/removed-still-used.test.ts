import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

describe('removed-still-used', () => {
  describe('in TypeScript', () => {
    const BASE = {
      'src/url.ts': lines('export function buildUrl(a: string) {', '  return a;', '}', 'export function keep() {', '  return 1;', '}'),
      'src/use.ts': lines("import { buildUrl, keep } from './url.js';", "export const u = buildUrl('a') + keep();"),
    };

    it('reports an import of a removed export as an error', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: { 'src/url.ts': lines('export function keep() {', '  return 1;', '}') },
      });
      expect(sites(findings)).toEqual(['error src/use.ts:1']);
      expect(findings[0]!.message).toBe(
        '`src/url.ts` no longer defines `buildUrl`, and this file still imports it: it does not type-check.',
      );
    });

    it('reports an import of a renamed export, and is silent when the file keeps the old name as an alias', async () => {
      const renamed = lines('export function makeUrl(a: string) {', '  return a;', '}', 'export function keep() {', '  return 1;', '}');
      const broken = await reviewFindings('removed-still-used', BASE, { write: { 'src/url.ts': renamed } });
      expect(broken.map((f) => f.message)).toEqual([
        '`src/url.ts` renamed `buildUrl` to `makeUrl`, and this file still imports it: it does not type-check.',
      ]);
      const aliased = await reviewFindings('removed-still-used', BASE, {
        write: { 'src/url.ts': `${renamed}export { makeUrl as buildUrl };\n` },
      });
      expect(aliased).toEqual([]);
    });

    it('reports a default import when the file no longer has a default export', async () => {
      const findings = await reviewFindings(
        'removed-still-used',
        {
          'src/is-network-error.ts': lines(
            'export default function isRawNetworkError(e: unknown) {',
            '  return !!e;',
            '}',
            'export const other = 1;',
          ),
          'src/ky.ts': lines("import isRawNetworkError from './is-network-error.js';", 'export const k = isRawNetworkError(1);'),
        },
        { write: { 'src/is-network-error.ts': lines('export const other = 1;') } },
      );
      expect(sites(findings)).toEqual(['error src/ky.ts:1']);
    });

    it('reports a re-export of a removed name, and imports of it through the re-exporting file', async () => {
      const findings = await reviewFindings(
        'removed-still-used',
        {
          'source/guards.ts': lines('export function isKyError(e: unknown) {', '  return !!e;', '}', 'export const keep = 1;'),
          'source/index.ts': lines('export {', '  isKyError,', '  keep,', "} from './guards.js';"),
          'test/main.ts': lines("import { keep, isKyError } from '../source/index.js';", 'console.log(keep, isKyError(1));'),
        },
        { write: { 'source/guards.ts': lines('export const keep = 1;') } },
      );
      expect(sites(findings)).toEqual(['error source/index.ts:2', 'error test/main.ts:1']);
    });

    it('reports imports of a deleted file', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, { remove: ['src/url.ts'] });
      expect(sites(findings)).toEqual(['error src/use.ts:1']);
      expect(findings[0]!.message).toBe(
        '`src/url.ts` was deleted, and with it `buildUrl`, `keep`, and this file still imports it: it does not type-check.',
      );
    });
  });

  describe('in JavaScript', () => {
    it("does not follow a default import: its local name is the importer's own", async () => {
      const findings = await reviewFindings(
        'removed-still-used',
        {
          'lib/xhr.js': lines('export default function xhrAdapter(config) {', '  return config;', '}'),
          'lib/adapters.js': lines("import xhrAdapter from './xhr.js';", 'export const adapters = [xhrAdapter];'),
        },
        {
          write: {
            'lib/xhr.js': lines('const supported = true;', 'export default supported && function (config) {', '  return config;', '};'),
          },
        },
      );
      expect(findings).toEqual([]);
    });
  });

  describe('in Python', () => {
    const BASE = {
      'pkg/__init__.py': '',
      'pkg/models.py': lines('def parse(text):', '    return text', '', 'def other():', '    return 1'),
      'pkg/use.py': lines('from .models import parse, other', '', 'print(parse("a"), other())'),
      'pkg/compat.py': lines('try:', '    from pkg.models import parse', 'except ImportError:', '    parse = None'),
    };

    it('reports `from m import name` of a removed function, and an import guarded by try/except as a warning', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: { 'pkg/models.py': lines('def other():', '    return 1') },
      });
      expect(sites(findings).sort()).toEqual(['error pkg/use.py:1', 'warning pkg/compat.py:2']);
      expect(findings.find((f) => f.path === 'pkg/use.py')!.message).toContain('raises ImportError when it loads');
      expect(findings.find((f) => f.path === 'pkg/compat.py')!.message).toContain(
        'now fails every time inside its try, so the except branch (a fallback, or nothing) always runs instead',
      );
    });

    it('reports the guarded import whose except branch defines the fallback, and not a file defining the name unguarded', async () => {
      const findings = await reviewFindings(
        'removed-still-used',
        {
          ...BASE,
          'pkg/__init__.py': lines(
            'try:',
            '    from ._main import main',
            'except ImportError:',
            '    def main():',
            '        raise SystemExit(1)',
          ),
          'pkg/_main.py': lines('def main():', '    print("hi")', '', 'def helper():', '    return 1'),
          'pkg/own.py': lines('from pkg._main import helper', '', 'def main():', '    return helper()'),
        },
        { write: { 'pkg/_main.py': lines('def helper():', '    return 1') } },
      );
      expect(sites(findings)).toEqual(['warning pkg/__init__.py:2']);
    });

    it('leaves a guarded import of a deleted file alone (an optional module taken out)', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, { remove: ['pkg/models.py'] });
      expect(sites(findings)).toEqual(['error pkg/use.py:1']);
    });

    it('reports a call left in the file that no longer defines the name', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: { 'pkg/models.py': lines('def parse_text(text):', '    return text', '', 'def other():', '    return parse(1)') },
      });
      expect(findings.map((f) => `${f.path}:${f.line} ${f.message}`)).toContain(
        'pkg/models.py:5 `pkg/models.py` renamed `parse` to `parse_text`, and still calls it here: it raises NameError when that line runs.',
      );
    });

    it('is silent when the module keeps the old name (a deprecation alias)', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: {
          'pkg/models.py': lines('def parse_text(text):', '    return text', '', 'parse = parse_text', '', 'def other():', '    return 1'),
        },
      });
      expect(findings).toEqual([]);
    });
  });

  describe('in Go', () => {
    const BASE = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'calc/sum.go': lines('package calc', '', 'func Sum(a int) int {', '\treturn a', '}', '', 'func Keep() int {', '\treturn 1', '}'),
      'calc/twice.go': lines('package calc', '', 'func Twice(a int) int {', '\treturn Sum(a) * 2', '}'),
      'main.go': lines('package main', '', 'import "example.com/app/calc"', '', 'func main() {', '\tcalc.Sum(1)', '\tcalc.Keep()', '}'),
    };

    it('reports pkg.Name in an importing package and Name in the package itself', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: { 'calc/sum.go': lines('package calc', '', 'func Keep() int {', '\treturn 1', '}') },
      });
      expect(sites(findings)).toEqual(['error calc/twice.go:4', 'error main.go:6']);
    });

    it('reports a renamed function whose old name is left only in a comment', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: {
          'calc/sum.go': lines(
            'package calc',
            '',
            'import "fmt"',
            '',
            '// Add was called Sum before.',
            'func Add(a int) int {',
            '\treturn len(fmt.Sprint(a))',
            '}',
            '',
            'func Keep() int {',
            '\treturn 1',
            '}',
          ),
        },
      });
      expect(sites(findings)).toEqual(['error calc/twice.go:4', 'error main.go:6']);
      expect(findings[1]!.message).toBe('`calc/sum.go` renamed `Sum` to `Add`, and this file still uses it: it does not compile.');
    });

    it('is silent when another file of the package now defines the name', async () => {
      const findings = await reviewFindings('removed-still-used', BASE, {
        write: {
          'calc/sum.go': lines('package calc', '', 'func Keep() int {', '\treturn 1', '}'),
          'calc/add.go': lines('package calc', '', 'func Sum(a int) int {', '\treturn a', '}'),
        },
      });
      expect(findings).toEqual([]);
    });
  });
});
