import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';

const wrap = () => async () => {};

describe('buildProgram', () => {
  describe('given the first argument of a run', () => {
    it.each(['index', 'map', 'find', 'refs', 'search', 'stats'])(
      'builds %s alone when the run names it, with the options and help it has among all commands',
      async (name) => {
        const io = captureIo({ cwd: '.' });
        const [alone, whole] = await Promise.all([buildProgram(io, wrap, name), buildProgram(io, wrap)]);
        const command = alone.commands.find((c) => c.name() === name);
        expect(command?.helpInformation()).toBe(whole.commands.find((c) => c.name() === name)?.helpInformation());
        // Its registrar's other commands come along (find with refs); the rest are left out.
        expect(alone.commands.length).toBeLessThan(whole.commands.length);
      },
    );

    it.each([['--help'], ['help'], ['ask'], ['diagram'], ['fnd'], [undefined]])(
      'builds every command when the run starts with %s',
      async (first) => {
        const io = captureIo({ cwd: '.' });
        const [built, whole] = await Promise.all([buildProgram(io, wrap, first), buildProgram(io, wrap)]);
        expect(built.commands.map((c) => c.name())).toEqual(whole.commands.map((c) => c.name()));
        expect(built.commands.length).toBeGreaterThan(10);
      },
    );
  });
});
