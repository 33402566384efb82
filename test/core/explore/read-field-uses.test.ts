import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

const FILES = {
  'src/options.ts': [
    'export type Options = {',
    '  /** The most tasks started in one interval. */',
    '  readonly intervalCap?: number;',
    '  readonly interval?: number;',
    '};',
    '',
  ].join('\n'),
  'src/queue.ts': [
    "import type { Options } from './options.js';",
    '',
    'export class Queue {',
    '  #started = 0;',
    '  readonly #cap: number;',
    '',
    '  constructor(options: Options) {',
    '    this.#cap = options.intervalCap ?? Infinity;',
    '  }',
    '',
    '  get #mayStartAnother(): boolean {',
    '    return this.#started < this.#cap;',
    '  }',
    '',
    '  next(): void {',
    '    if (this.#mayStartAnother) this.#started += 1;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'test/queue.test.ts': [
    "import { Queue } from '../src/queue.js';",
    '',
    "test('intervalCap of 1 starts one task per interval', () => {",
    '  const queue = new Queue({ intervalCap: 1, interval: 100 });',
    '  queue.next();',
    '});',
    '',
  ].join('\n'),
};

describe('a flow question about a field', () => {
  it('reads the product code that names the field, not only the type that declares it', async () => {
    const { ports, ask } = await explorePorts(FILES);
    const result = await run(ask('how does intervalCap limit how many tasks start per interval'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const evidence = result.context.evidence;
    expect(evidence.some((e) => e.source === 'definition' && e.path === 'src/options.ts')).toBe(true);
    const use = evidence.find((e) => e.path === 'src/queue.ts' && e.reason.startsWith('uses intervalCap'));
    expect(use).toBeDefined();
    expect(use!.startLine).toBeLessThanOrEqual(8);
    expect(use!.endLine).toBeGreaterThanOrEqual(8);
    expect(evidence.filter((e) => e.reason.startsWith('uses intervalCap')).map((e) => e.path)).not.toContain('test/queue.test.ts');
  });
});
