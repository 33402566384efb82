import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/**
 * Like p-queue: the queue's `add` hands a task to a nested `run`, where the task runs under a timeout and its
 * failure is caught; other methods of the file say "timeout" or "task" too, but not both with a catch.
 */
const QUEUE = {
  'src/queue.ts': [
    "import { withTimeout } from './with-timeout.js';",
    '',
    'export class Queue {',
    '  timeout: number | undefined;',
    '  private readonly waiting: (() => Promise<void>)[] = [];',
    '',
    '  /** Sets the default timeout of every task. */',
    '  setTimeout(ms: number): void {',
    '    this.timeout = ms;',
    '  }',
    '',
    '  size(): number {',
    '    return this.waiting.length;',
    '  }',
    '',
    '  add<T>(task: () => Promise<T>): Promise<T> {',
    '    return new Promise((resolve, reject) => {',
    '      const run = async () => {',
    '        try {',
    '          let operation = task();',
    '          if (this.timeout !== undefined) operation = withTimeout(operation, this.timeout);',
    '          resolve(await operation);',
    '        } catch (error) {',
    '          reject(error);',
    '          this.report(error);',
    '        }',
    '      };',
    '      this.waiting.push(run);',
    '    });',
    '  }',
    '',
    '  report(error: unknown): void {',
    "    console.error('task failed', error);",
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/with-timeout.ts': [
    'export function withTimeout<T>(operation: Promise<T>, ms: number): Promise<T> {',
    '  return Promise.race([operation, new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);',
    '}',
    '',
  ].join('\n'),
};

describe('a flow question that names no code', () => {
  it('reads the definition whose body holds the most of its words, as a named one, and says why', async () => {
    const { ports, ask } = await explorePorts(QUEUE);
    const result = await run(ask('what happens when a task throws while a timeout is set'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const read = result.context.evidence.find((e) => e.path === 'src/queue.ts' && e.source === 'definition');
    expect(read).toBeDefined();
    // The nested `run`, where the task runs under the timeout and the failure is caught: lines 18-27.
    expect(read!.startLine).toBeLessThanOrEqual(18);
    expect(read!.endLine).toBeGreaterThanOrEqual(26);
    expect(read!.reason).toContain("holds the question's words");
    expect(result.context.keyFindings).toContainEqual(
      expect.stringMatching(
        /^The question names no code; read for its words: function Queue\.add\.run \(src\/queue\.ts:18\), whose body holds task, throws, timeout/,
      ),
    );
    // Never said to be a name the question used.
    expect(result.context.confidenceReason).not.toContain('every name the question mentions');
  });

  it('reads no definition when no body holds two of its words', async () => {
    const { ports, ask } = await explorePorts(QUEUE);
    const result = await run(ask('how are results printed to the screen'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.evidence.filter((e) => e.source === 'definition')).toEqual([]);
  });
});

describe('a flow question about a named class', () => {
  const SIGNER = {
    'pkg/__init__.py': '',
    'pkg/timed.py': [
      'class TimestampSigner:',
      '    """Signs values with the time of signing."""',
      '',
      '    def get_timestamp(self):',
      '        return 1',
      '',
      '    def sign(self, value):',
      '        return value + str(self.get_timestamp())',
      '',
      ...Array.from({ length: 40 }, (_, i) => `    def helper_${i}(self):\n        return ${i}\n`),
      '    def unsign(self, signed, max_age=None):',
      '        stamp = int(signed[-1])',
      '        age = self.get_timestamp() - stamp',
      '        if max_age is not None and age > max_age:',
      '            raise SignatureExpired("signature age exceeds max_age")',
      '        return signed[:-1]',
      '',
      '',
      'class SignatureExpired(Exception):',
      '    pass',
      '',
    ].join('\n'),
  };

  it("shows the class's header and the method the question's other words point at, not the class's first lines alone", async () => {
    const { ports, ask } = await explorePorts(SIGNER);
    const result = await run(ask('how does TimestampSigner check that a signature has expired'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const { context } = result;
    expect(context.keyFindings).toContain(
      "Of TimestampSigner's methods, the question's words point at TimestampSigner.unsign (pkg/timed.py:130), whose body holds signature, expired",
    );
    const signer = context.evidence.filter((e) => e.path === 'pkg/timed.py');
    expect(signer.some((e) => e.snippet.includes('if max_age is not None and age > max_age:'))).toBe(true);
    expect(signer.find((e) => e.startLine === 1)?.endLine).toBeLessThan(10);
  });
});
