import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

const BUILD = (params: string) => lines(`export function buildUrl(${params}) {`, '  return base + path;', '}');

describe('callers-not-updated in JavaScript and TypeScript', () => {
  describe('when a JavaScript function gains a parameter without a default', () => {
    it('warns at each call outside the diff that still passes the old arguments, and not at updated, spread or test calls', async () => {
      const base = {
        'lib/build-url.js': BUILD('base, path'),
        'lib/http.js': lines(
          "import { buildUrl } from './build-url.js';",
          'export function get(c) {',
          '  return buildUrl(c.base, c.url);',
          '}',
        ),
        'lib/fetch.js': lines(
          "import { buildUrl } from './build-url.js';",
          'export function load(c) {',
          '  return buildUrl(c.base, c.url);',
          '}',
        ),
        'lib/spread.js': lines("import { buildUrl } from './build-url.js';", 'export const go = (args) => buildUrl(...args);'),
        'test/build-url.test.js': lines("import { buildUrl } from '../lib/build-url.js';", "buildUrl('a', 'b');"),
        'test/updated.test.js': lines("import { buildUrl } from '../lib/build-url.js';", "buildUrl('a', 'b');"),
      };
      const findings = await reviewFindings('callers-not-updated', base, {
        write: {
          'lib/build-url.js': BUILD('base, path, allowAbsolute'),
          // A test passing a literal does not make the parameter a flag: the product's own updated call passes a value.
          'test/updated.test.js': lines("import { buildUrl } from '../lib/build-url.js';", "buildUrl('a', 'b', true);"),
          'lib/fetch.js': lines(
            "import { buildUrl } from './build-url.js';",
            'export function load(c) {',
            '  return buildUrl(c.base, c.url, c.allowAbsolute);',
            '}',
          ),
        },
      });
      expect(sites(findings)).toEqual(['warning lib/http.js:3']);
      expect(findings[0]!.message).toContain('`buildUrl` now requires `allowAbsolute`, and this call still passes 2 arguments');
      expect(findings[0]!.evidence.map((e) => `${e.label} ${e.side ?? 'head'} ${e.path}:${e.startLine}`)).toEqual([
        'definition before base lib/build-url.js:1',
        'definition after head lib/build-url.js:1',
        'call site head lib/http.js:3',
      ]);
    });
  });

  describe("when the change's own updated call passes the new JavaScript parameter as a literal (a flag)", () => {
    it('asks once whether the other callers mean to leave it undefined, instead of warning at each', async () => {
      const match = (params: string) =>
        lines(
          `function matchValue(${params}) {`,
          '  return value === filter;',
          '}',
          'export function has(v, f) {',
          '  return matchValue(v, f);',
          '}',
          'export function clear(v, f) {',
          '  return matchValue(v, f);',
          '}',
        );
      const findings = await reviewFindings(
        'callers-not-updated',
        { 'lib/headers.js': match('value, filter') },
        {
          write: { 'lib/headers.js': match('value, filter, byName').replace(/(clear[^]*matchValue\(v, f)\)/, '$1, true)') },
        },
      );
      expect(sites(findings)).toEqual(['check lib/headers.js:1']);
      expect(findings[0]!.message).toBe(
        '`matchValue` has the new parameter `byName`, which the updated calls pass as a literal; 1 call site outside this change does not pass it and will get `undefined`: is that intended?',
      );
    });
  });

  describe('when a TypeScript function gains a required parameter', () => {
    it('is an error at the call: it no longer type-checks', async () => {
      const base = {
        'src/url.ts': BUILD('base: string, path: string'),
        'src/use.ts': lines("import { buildUrl } from './url.js';", "export const u = buildUrl('a', 'b');"),
      };
      const findings = await reviewFindings('callers-not-updated', base, {
        write: { 'src/url.ts': BUILD('base: string, path: string, strict: boolean') },
      });
      expect(sites(findings)).toEqual(['error src/use.ts:2']);
      expect(findings[0]!.message).toContain('does not type-check');
    });
  });

  describe('when the new parameter has a default or is optional', () => {
    it('asks once, at the definition, whether the callers meant to get the default', async () => {
      const base = {
        'src/url.ts': BUILD('base: string, path: string'),
        'src/a.ts': lines("import { buildUrl } from './url.js';", "export const a = buildUrl('a', 'b');"),
        'src/b.ts': lines("import { buildUrl } from './url.js';", "export const b = buildUrl('c', 'd');"),
      };
      const findings = await reviewFindings('callers-not-updated', base, {
        write: { 'src/url.ts': BUILD('base: string, path: string, strict = false, mode?: string') },
      });
      expect(sites(findings)).toEqual(['check src/url.ts:1']);
      expect(findings[0]!.message).toBe(
        '`buildUrl` has the new optional parameters `strict`, `mode`; 2 call sites outside this change do not pass them and will get the default: is that intended?',
      );
      expect(findings[0]!.evidence.filter((e) => e.label === 'call site').map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts']);
    });
  });

  describe('when parameters are reordered', () => {
    it('warns at calls that pass them by position, and not at calls the change rewrote', async () => {
      const base = {
        'src/url.ts': BUILD('base: string, path: string'),
        'src/use.ts': lines("import { buildUrl } from './url.js';", "export const u = buildUrl('a', 'b');"),
        'src/rewritten.ts': lines("import { buildUrl } from './url.js';", "export const r = buildUrl('a', 'b');"),
      };
      const findings = await reviewFindings('callers-not-updated', base, {
        write: {
          'src/url.ts': BUILD('path: string, base: string'),
          'src/rewritten.ts': lines("import { buildUrl } from './url.js';", "export const r = buildUrl('b', 'a');"),
        },
      });
      expect(sites(findings)).toEqual(['warning src/use.ts:2']);
      expect(findings[0]!.message).toContain('argument 1 now binds to `path`, not `base`');
    });
  });

  describe('when the name is too common to link calls to it by name', () => {
    it('says nothing', async () => {
      const base = {
        'src/get.ts': lines('export function get(key: string) {', '  return key;', '}'),
        'src/use.ts': lines("import { get } from './get.js';", "export const v = get('a');"),
      };
      const findings = await reviewFindings('callers-not-updated', base, {
        write: { 'src/get.ts': lines('export function get(key: string, strict: boolean) {', '  return key;', '}') },
      });
      expect(findings).toEqual([]);
    });
  });
});
