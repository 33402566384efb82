import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

type Done = Extract<RunResult, { comment: unknown }>;
function done(result: RunResult): Done {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/**
 * A commander-like option with a test named like its file that never calls `hideHelp`, and one named for help
 * that does; a urllib3-like pool manager whose other methods share the request's words.
 */
const FILES = {
  'lib/option.js':
    'class Option {\n  constructor(flags) {\n    this.flags = flags;\n    this.hidden = false;\n  }\n\n  hideHelp(hide = true) {\n    this.hidden = hide;\n    return this;\n  }\n\n  isBoolean() {\n    return !this.flags.includes("<");\n  }\n}\n\nmodule.exports = { Option };\n',
  'tests/option.flags.test.js':
    "const { Option } = require('../lib/option');\n\ntest('a flag without a value is boolean', () => {\n  expect(new Option('-a').isBoolean()).toBe(true);\n});\n",
  'tests/help.visible.test.js':
    "const { Option } = require('../lib/option');\n\ntest('a hidden option is not listed', () => {\n  expect(new Option('-s').hideHelp().hidden).toBe(true);\n});\n",
  'src/pool/poolmanager.py':
    'class PoolManager:\n    def connection_from_url(self, url):\n        return self.connection_from_host(url.split("/")[2])\n\n    def connection_from_host(self, host):\n        return host\n\n    def urlopen(self, method, url):\n        host = url.split("/")[2]\n        return self.connection_from_host(host)\n\n\nclass ProxyManager(PoolManager):\n    def urlopen(self, method, url):\n        return PoolManager.urlopen(self, method, url)\n',
  'source/as-promise/types.ts': "import type {Response} from '../core/response.js';\nimport type {Events} from '../core/events.js';\n",
  'examples/get/server.js': "require('http').get('/').end();\n",
  'examples/post/server.js': "require('http').request('/').end();\n",
  'source/core/response.ts': 'export interface Response {\n  body: string;\n}\n',
  'source/core/events.ts': 'export interface Events {\n  name: string;\n}\n',
};

async function plan(prompt: string): Promise<Done> {
  const { ports, repo } = await explorePorts(FILES);
  return done(await run({ command: 'plan', prompt, repo: { kind: 'local', root: repo.root } }, ports));
}

describe('run > plan > what it says about each file to change', () => {
  it('lists only the definitions the request names for a file it names, not methods that share its words', async () => {
    const result = await plan('make PoolManager.connection_from_url reject URLs without a host');
    const file = result.files?.find((f) => f.path === 'src/pool/poolmanager.py');
    expect(file).toMatchObject({ certainty: 'named', role: 'change' });
    expect(file?.symbols).toEqual(['PoolManager.connection_from_url']);
  });

  it('names first the test that calls the changed method, before one only named like its file', async () => {
    const result = await plan('make `Option.hideHelp` take a reason');
    const file = result.files?.find((f) => f.path === 'lib/option.js');
    expect(file?.tests[0]).toEqual({ path: 'tests/help.visible.test.js', how: 'imports it, calls hideHelp' });
    expect(file?.tests.map((t) => t.path)).toContain('tests/option.flags.test.js');
    expect(result.comment.body).toContain(
      'Extend tests/help.visible.test.js (imports it, calls hideHelp) for the new behaviour of lib/option.js',
    );
  });

  it("links no file head where none of the request's words is written, though its path and a stem matched", async () => {
    const result = await plan('Simplify init types');
    expect(result.comment.body).not.toContain('source/as-promise/types.ts#L1');
  });

  it('links no head of a file whose name the request spells when other files share that name', async () => {
    const result = await plan('Update server.js');
    expect(result.comment.body).not.toMatch(/examples\/(get|post)\/server\.js#L1\b/);
  });
});
