import { describe, expect, it } from 'vitest';
import { setGoModule } from '../../../bench/eval/mutations/bindings-go.js';
import { injectMutation, type Mutation, type MutationKind } from '../../../bench/eval/mutations/inject-mutation.js';
import { RepoScan } from '../../../bench/eval/mutations/repo-scan.js';
import { findLanguage, toSourceFile } from '../../../bench/eval/mutations/source-file.js';

function scanOf(files: Record<string, string>, goMod?: string): RepoScan {
  const scan = new RepoScan(Object.entries(files).map(([p, text]) => toSourceFile(p, text, findLanguage(p)!)));
  if (goMod !== undefined) setGoModule(scan, goMod);
  return scan;
}

function inject(scan: RepoScan, kind: MutationKind, seed = '1'): Mutation {
  const m = injectMutation(scan, kind, { seed, changed: new Map() });
  if ('skipped' in m) throw new Error(m.skipped);
  return m;
}

const sites = (m: Mutation) => m.expected.map((s) => `${s.path}:${s.lines.join(',')}${s.required ? '' : ' (optional)'}`);

const TS = {
  'src/math.ts': [
    'export function add(x: number, y = 1): number {', // 1
    '\treturn x + y;',
    '}',
    '',
    'export const total = (items: number[]): number => items.reduce((a, b) => a + b, 0);', // 5
    '',
  ].join('\n'),
  'src/cart.ts': [
    "import {add, total as sum} from './math.js';", // 1
    '',
    '// add(1) in a comment is not a call',
    'const label = "add(2) in a string is not one either";',
    'export async function price(xs: number[]) {', // 5
    '\tconst base = add(2);',
    '\tconst t = sum(xs);',
    '\tconst u = await sum(xs);',
    '\tsum(xs);',
    '\treturn base + t + u + label.length;', // 10
    '}',
  ].join('\n'),
};

describe('injectMutation', () => {
  describe('on TypeScript', () => {
    it('adds a required parameter before the first defaulted one and expects every call in other files', () => {
      const scan = scanOf({ 'src/math.ts': TS['src/math.ts'].split('\n').slice(0, 4).join('\n'), 'src/cart.ts': TS['src/cart.ts'] });
      const m = inject(scan, 'add-parameter');
      expect(m.rule).toBe('callers-not-updated');
      expect(m.breakLine).toBe('export function add(x: number, nanodexAdded: string, y = 1): number {');
      expect(sites(m)).toEqual(['src/cart.ts:6']);
    });

    it('makes an arrow function async with a Promise result, expecting the calls that use its value and not the awaited one', () => {
      const scan = scanOf({ 'src/math.ts': TS['src/math.ts'].split('\n').slice(4).join('\n'), 'src/cart.ts': TS['src/cart.ts'] });
      const m = inject(scan, 'change-result');
      expect(m.breakLine).toBe('export const total = async (items: number[]): Promise<number> => items.reduce((a, b) => a + b, 0);');
      expect(sites(m)).toEqual(['src/cart.ts:7', 'src/cart.ts:9 (optional)']);
    });

    it('removes an exported function and expects the import and every use in the importing file', () => {
      const scan = scanOf({ 'src/math.ts': TS['src/math.ts'].split('\n').slice(0, 4).join('\n'), 'src/cart.ts': TS['src/cart.ts'] });
      const m = inject(scan, 'remove-definition');
      expect(m.text).toBe('');
      expect(m.removed).toEqual({ from: 1, count: 3 });
      expect(sites(m)).toEqual(['src/cart.ts:1,6']);
    });

    it('follows a re-export through an index file', () => {
      const scan = scanOf({
        'src/math.ts': 'export function add(x: number): number {\n\treturn x;\n}\n',
        'src/index.ts': "export {add} from './math.js';\n",
        'test/add.test.ts': "import {add} from '../src/index.js';\n\nadd(1);\n",
      });
      expect(sites(inject(scan, 'add-parameter'))).toEqual(['test/add.test.ts:3']);
      expect(sites(inject(scan, 'remove-definition'))).toEqual(['src/index.ts:1', 'test/add.test.ts:1,3']);
    });

    it('leaves alone a function that other files pass as a value (what breaks is not a call)', () => {
      const scan = scanOf({
        'src/math.ts': 'export function add(x: number): number {\n\treturn x;\n}\n',
        'src/use.ts': "import {add} from './math.js';\n\nexport const fns = [add];\n",
      });
      expect(injectMutation(scan, 'add-parameter', { seed: '1', changed: new Map() })).toHaveProperty('skipped');
    });
  });

  describe('on Python', () => {
    const files = {
      'pkg/util.py': 'def scale(value, factor=2):\n    return value * factor\n\n\ndef _private():\n    return 1\n',
      'pkg/__init__.py': 'from .util import scale\n',
      'tests/test_util.py': 'import pkg\n\n\ndef test_scale():\n    assert pkg.scale(3) == 6\n    pkg.scale(1)\n',
    };

    it('adds the parameter before the defaulted one, and follows the package re-export to `pkg.scale(...)`', () => {
      const m = inject(scanOf(files), 'add-parameter');
      expect(m.breakLine).toBe('def scale(value, nanodex_added, factor=2):');
      expect(sites(m)).toEqual(['tests/test_util.py:5', 'tests/test_util.py:6']);
    });

    it('makes it `async def` and expects every call not awaited, a dropped one too (a coroutine never awaited never runs)', () => {
      const m = inject(scanOf(files), 'change-result');
      expect(m.breakLine).toBe('async def scale(value, factor=2):');
      expect(sites(m)).toEqual(['tests/test_util.py:5', 'tests/test_util.py:6']);
    });

    it('removes only a public function, expecting the re-export and the module-qualified uses', () => {
      const m = inject(scanOf(files), 'remove-definition');
      expect(m.name).toBe('scale');
      expect(sites(m)).toEqual(['pkg/__init__.py:1', 'tests/test_util.py:1,5,6']);
    });
  });

  describe('on Go', () => {
    const files = {
      'util/size.go': 'package util\n\n// Size counts.\nfunc Size(s string) int {\n\treturn len(s)\n}\n',
      'util/double.go': 'package util\n\nfunc Double(s string) int {\n\treturn 2 * Size(s)\n}\n',
      'main.go':
        'package main\n\nimport (\n\t"fmt"\n\tu "example.com/m/util"\n)\n\nfunc main() {\n\tn := u.Size("x")\n\tu.Size("y")\n\tfmt.Println(n)\n}\n',
    };

    it('gives a one-result function a second result and expects the calls that use its value', () => {
      const scan = scanOf({ 'util/size.go': files['util/size.go'], 'main.go': files['main.go'] }, 'module example.com/m\n');
      const m = inject(scan, 'change-result');
      expect(m.breakLine).toBe('func Size(s string) (int, error) {');
      expect(sites(m)).toEqual(['main.go:9', 'main.go:10 (optional)']);
    });

    it('reaches callers in the same package by name and in other packages through the import alias', () => {
      const m = inject(scanOf(files, 'module example.com/m\n'), 'add-parameter', 'size');
      const target = m.name === 'Size' ? m : inject(scanOf(files, 'module example.com/m\n'), 'add-parameter', 'other');
      expect(target.name).toBe('Size');
      expect(target.breakLine).toBe('func Size(s string, nanodexAdded string) int {');
      expect(sites(target)).toEqual(['main.go:9', 'main.go:10', 'util/double.go:4']);
    });
  });

  describe('its choice', () => {
    it('is the same for the same seed, and never a definition the real commit changed', () => {
      const scan = scanOf({ 'src/math.ts': TS['src/math.ts'], 'src/cart.ts': TS['src/cart.ts'] });
      expect(inject(scan, 'add-parameter', 'a').name).toBe(inject(scan, 'add-parameter', 'a').name);
      const changed = new Map([['src/math.ts', new Set([2])]]);
      const m = injectMutation(scan, 'add-parameter', { seed: 'a', changed });
      expect(m).toMatchObject({ name: 'total' });
    });
  });
});

describe('injectMutation on a parameter list over several lines', () => {
  it('names as the break the line the parameter went into, which the reviewed diff shows', () => {
    const scan = scanOf({
      'api.py': 'def get(\n    url,\n    *,\n    params=None,\n):\n    return url\n',
      'tests/test_api.py': 'from api import get\n\n\ndef test_get():\n    assert get("u")\n',
    });
    const m = inject(scan, 'add-parameter');
    expect(m.text.split('\n').slice(0, 4)).toEqual(['def get(', '    url,', '    nanodex_added, *,', '    params=None,']);
    expect(m.breakLine).toBe('    nanodex_added, *,');
    expect(sites(m)).toEqual(['tests/test_api.py:5']);
  });
});
