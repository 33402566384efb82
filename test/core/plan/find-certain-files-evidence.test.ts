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

/** A pflag-like tree: every file is about flags; `GetIP` calls `getFlagType` of `flag.go`. */
const FLAGS = {
  'lib/flag.go':
    'package pflag\n\ntype FlagSet struct {\n\tflags map[string]string\n}\n\nfunc (f *FlagSet) getFlagType(name string, ftype string) (string, error) {\n\treturn f.flags[name], nil\n}\n',
  'lib/ip.go':
    'package pflag\n\n// GetIP returns the net.IP value of a flag with the given name.\nfunc (f *FlagSet) GetIP(name string) (string, error) {\n\tval, err := f.getFlagType(name, "ip")\n\treturn val, err\n}\n',
  'lib/bool.go':
    'package pflag\n\n// BoolFlag is a flag of a bool.\nfunc (f *FlagSet) BoolFlag(name string) string {\n\treturn f.flags[name]\n}\n',
  'lib/count.go':
    'package pflag\n\n// CountFlag is a flag that counts.\nfunc (f *FlagSet) CountFlag(name string) string {\n\treturn f.flags[name]\n}\n',
};

async function certain(prompt: string, files: Record<string, string> = FILES): Promise<string[]> {
  const { ports } = await explorePorts(files);
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

  it('keeps the named function when no other word of the request names what it calls, or only a word most files hold', async () => {
    expect(await certain('Fix `extend()` losing the prefix')).toEqual(['lib/index.ts createInstance.extend']);
    expect(await certain('fix: allow nil default IP flags in GetIP', FLAGS)).toEqual(['lib/ip.go FlagSet.GetIP']);
    expect(
      await certain('fix: allow nil default IP flags in GetIP when typed', {
        ...FLAGS,
        'lib/bool.go': 'package pflag\n',
        'lib/count.go': 'package pflag\n',
      }),
    ).toEqual(['lib/flag.go FlagSet.getFlagType']);
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
