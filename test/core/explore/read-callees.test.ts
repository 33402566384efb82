import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

const FILES = {
  'src/settings.ts': [
    "import { lookUp } from './look-up.js';",
    '',
    '/** The value of a key. */',
    'export function get(key: string): unknown {',
    '  return lookUp(key);',
    '}',
    '',
  ].join('\n'),
  'src/look-up.ts': [
    'const flags = new Map<string, unknown>();',
    'const env = new Map<string, unknown>();',
    '',
    '/** Flags first, then the environment. */',
    'export function lookUp(key: string): unknown {',
    '  if (flags.has(key)) return flags.get(key);',
    '  return env.get(key);',
    '}',
    '',
  ].join('\n'),
};

describe('a flow question about a named function', () => {
  it('reads what the function calls: where the flow goes on', async () => {
    const { ports, ask } = await explorePorts(FILES);
    const result = await run(ask('in what order does get() find a value'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const callee = result.context.evidence.find((e) => e.path === 'src/look-up.ts' && e.reason.startsWith('called by get'));
    expect(callee).toBeDefined();
    expect(callee!.startLine).toBeLessThanOrEqual(5);
    expect(callee!.endLine).toBeGreaterThanOrEqual(7);
  });
});
