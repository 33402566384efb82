import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on JavaScript', () => {
    it('finds classes with their methods and top-level constants', async () => {
      const logger = await parseFixture('javascript', 'src/logger.js');
      expect(definitions(logger)).toEqual([
        ['LEVELS', 'constant', '', 1],
        ['Logger', 'class', '', 3],
        ['constructor', 'method', 'Logger', 4],
        ['log', 'method', 'Logger', 8],
        ['info', 'method', 'Logger', 13],
      ]);
      expect(references(logger)).toEqual([
        ['indexOf', 'call', 5],
        ['indexOf', 'call', 9],
        ['log', 'call', 10],
        ['log', 'call', 14],
      ]);
      expect(signatureOf(logger, 'constructor')).toBe("constructor(level = 'info')");
    });

    it('records extends as inheritance, new, and require() as an import', async () => {
      const timed = await parseFixture('javascript', 'src/timed-logger.js');
      expect(definitions(timed)).toEqual([
        ['TimedLogger', 'class', '', 3],
        ['log', 'method', 'TimedLogger', 4],
        ['createLogger', 'function', '', 9],
      ]);
      expect(references(timed)).toEqual([
        ['require', 'call', 1],
        ['Logger', 'inherit', 3],
        ['log', 'call', 5],
        ['Date', 'new', 5],
        ['toISOString', 'call', 5],
        ['TimedLogger', 'new', 9],
      ]);
      expect(imports(timed)).toEqual([['./logger', 1]]);
    });

    it('reads ES module imports and dynamic import() in .mjs files', async () => {
      const main = await parseFixture('javascript', 'src/main.mjs');
      expect(main.language).toBe('javascript');
      expect(definitions(main)).toEqual([
        ['logger', 'constant', '', 4],
        ['run', 'function', '', 6],
      ]);
      expect(imports(main)).toEqual([
        ['node:path', 1],
        ['./timed-logger.js', 2],
        ['node:fs/promises', 9],
      ]);
    });

    it('records imported names and calls across files', async () => {
      const main = await parseFixture('javascript', 'src/main.mjs');
      expect(references(main)).toEqual([
        ['path', 'import', 1],
        ['createLogger', 'import', 2],
        ['createLogger', 'call', 4],
        ['resolve', 'call', 7],
        ['info', 'call', 8],
        ['readFile', 'call', 10],
      ]);
      expect(enclosingOf(main, 'info', 'call')).toBe('run');
    });
  });
});
