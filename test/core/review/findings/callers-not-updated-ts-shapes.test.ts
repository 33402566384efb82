import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

describe('callers-not-updated in TypeScript module shapes', () => {
  it('reports calls of an exported arrow function inside nested arrows at module level', async () => {
    const merge = (params: string) => lines(`export const validateAndMerge = (${params}): object => {`, '  return {};', '};');
    const findings = await reviewFindings(
      'callers-not-updated',
      {
        'source/merge.ts': merge('...sources: object[]'),
        'source/index.ts': lines(
          "import {validateAndMerge} from './merge.js';",
          'const createInstance = (defaults?: object): object => {',
          '  const ky = (input: string, options?: object) => run(input, validateAndMerge(defaults, options));',
          '  ky.create = (more?: object) => createInstance(validateAndMerge(more));',
          '  return ky;',
          '};',
          'const run = (i: string, o: object) => [i, o];',
          'export default createInstance();',
        ),
      },
      { write: { 'source/merge.ts': merge('extra: string, ...sources: object[]') } },
    );
    expect(sites(findings)).toEqual(['warning source/index.ts:3', 'warning source/index.ts:4']);
    expect(findings[0]!.message).toBe(
      "`validateAndMerge`'s parameters have `extra` inserted, and this call passes them by position: argument 1 now binds to `extra`, not `...sources`.",
    );
  });

  it('reports calls that now pass their argument to a parameter inserted before a defaulted one', async () => {
    const normalize = (params: string) => lines(`export const normalizeRetryOptions = (${params}): object => {`, '  return {};', '};');
    const findings = await reviewFindings(
      'callers-not-updated',
      {
        'source/normalize.ts': normalize('retry: number | object = {}'),
        'source/ky.ts': lines("import {normalizeRetryOptions} from './normalize.js';", 'export const r = normalizeRetryOptions(3);'),
      },
      { write: { 'source/normalize.ts': normalize('nanodexAdded: string, retry: number | object = {}') } },
    );
    expect(sites(findings)).toEqual(['warning source/ky.ts:2']);
  });

  it('reports calls of a default-imported function whose name another imported module uses for an option', async () => {
    const delay = (params: string) => lines(`export default async function delay(${params}): Promise<void> {`, '  return;', '}');
    const findings = await reviewFindings(
      'callers-not-updated',
      {
        'source/delay.ts': delay('ms: number, {signal}: {signal?: AbortSignal}'),
        'source/ky.ts': lines(
          "import delay from './delay.js';",
          "import { normalize } from './normalize.js';",
          'export class Ky {',
          '  async retry(ms: number) {',
          '    await delay(ms, normalize({}));',
          '  }',
          '}',
        ),
        // Another module the caller imports has a `delay` option of its own: the call is still the imported one's.
        'source/normalize.ts': lines(
          'export const defaults = { delay: (n: number) => n * 2 };',
          'export const normalize = (o: object) => o;',
        ),
      },
      { write: { 'source/delay.ts': delay('ms: number, {signal}: {signal?: AbortSignal}, extra: string') } },
    );
    expect(sites(findings)).toEqual(['error source/ky.ts:5']);
  });
});
