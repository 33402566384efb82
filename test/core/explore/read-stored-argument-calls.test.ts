import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/** Like commander: `argParser(fn)` only stores `fn`; the command calls it later with the option's previous value. */
const FILES = {
  'lib/option.js': [
    'export class Option {',
    '  constructor(flags) {',
    '    this.flags = flags;',
    '  }',
    '',
    '  argParser(fn) {',
    '    this.parseArg = fn;',
    '    return this;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'lib/command.js': [
    "import { Option } from './option.js';",
    '',
    'export class Command {',
    '  applyValue(o, v, old) {',
    '    if (o.parseArg) {',
    '      return o.parseArg(v, old);',
    '    }',
    '    return v;',
    '  }',
    '}',
    '',
  ].join('\n'),
};

describe('a setter that stores its argument', () => {
  it("reads where the product's code calls what it stored", async () => {
    const { ports, ask } = await explorePorts(FILES);
    const result = await run(ask("when is an option's argParser called and what happens to its previous value"), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const call = result.context.evidence.find((e) => e.path === 'lib/command.js' && e.snippet.includes('o.parseArg(v, old)'));
    expect(call?.reason).toBe('calls the fn Option.argParser stores in parseArg (in applyValue)');
  });
});
