import { describe, expect, it } from 'vitest';
import { findCertainFiles } from '../../../src/core/plan/find-certain-files.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/** A ky-like client (a short `extend` that hands merging to another file, a `retry` function) and a Slim-like interface. */
const FILES = {
  'lib/index.ts':
    "import { validateAndMerge } from './merge.js';\nimport { retry } from './constants.js';\n\nexport const createInstance = (defaults: object) => {\n  const ky: Record<string, unknown> = {};\n  ky.extend = (next: object) => {\n    return createInstance(validateAndMerge(defaults, next));\n  };\n  ky.retry = retry;\n  return ky;\n};\n",
  'lib/merge.ts':
    'export const validateAndMerge = (a: object, b: object) => deepMerge(a, b);\n\nexport const deepMerge = (a: object, b: object) => ({ ...a, ...b });\n',
  'lib/constants.ts': 'export const retry = (options?: object) => ({ options });\n',
  'lib/options.ts':
    'export class Options {\n  private strict = false;\n\n  get strictContentLength(): boolean {\n    return this.strict;\n  }\n}\n',
  'lib/RouteGroupInterface.php':
    '<?php\nnamespace Slim;\n\ninterface RouteGroupInterface\n{\n    public function collectRoutes(): RouteGroupInterface;\n}\n',
  'lib/RouteCollector.php':
    '<?php\nnamespace Slim;\n\nclass RouteCollector\n{\n    public function group(string $pattern): RouteGroupInterface\n    {\n        return new RouteGroup($pattern);\n    }\n}\n',
};

async function certain(prompt: string): Promise<string[]> {
  const { ports } = await explorePorts(FILES);
  return findCertainFiles({ prompt, index: ports.index, isChangeable: (p) => p.startsWith('lib/') }).map(
    (f) => `${f.path}${f.names.length > 0 ? ` ${f.names.join(',')}` : ''}`,
  );
}

describe('findCertainFiles, with evidence for this change', () => {
  it("names the file a short named function hands the request's behaviour to (ky's `extend()` … when merging)", async () => {
    expect(await certain('Fix `extend()` dropping numeric `retry` limit when merging with an object')).toEqual([
      'lib/merge.ts validateAndMerge',
    ]);
  });

  it('keeps the named function when no other word of the request names what it calls', async () => {
    expect(await certain('Fix `extend()` losing the prefix')).toEqual(['lib/index.ts createInstance.extend']);
  });

  it('reads a name written as an option or a value as a member that holds it, not as the function of that name', async () => {
    expect(await certain('Raise the default `retry` limit')).toEqual([]);
    expect(await certain('Make `retry()` accept a delay')).toEqual(['lib/constants.ts retry']);
    expect(await certain('Make `strictContentLength` option default to true')).toEqual(['lib/options.ts Options.strictContentLength']);
  });

  it('does not name an interface for a change to what implements or makes it, only for one into it or its declaration', async () => {
    expect(await certain('Added ability to override RouteGroupInterface')).toEqual([]);
    expect(await certain('Add a `prefix()` method to RouteGroupInterface')).toEqual(['lib/RouteGroupInterface.php RouteGroupInterface']);
    expect(await certain('Fix the return types of RouteGroupInterface')).toEqual(['lib/RouteGroupInterface.php RouteGroupInterface']);
  });
});
