import { Command, CommanderError } from 'commander';
import { describeError } from '../core/lookups.js';
import { EXIT, type CliIo } from './cli-context.js';
import { CLI_VERSION } from './cli-version.js';
import type { Wrap } from './cli-options.js';
import { createRedactingIo } from './create-redacting-io.js';
import { registerAskCommands } from './commands/ask-commands.js';
import { registerSkillCommands } from './commands/skill-commands.js';
import { registerIndexCommand } from './commands/index-command.js';
import { registerMapCommand } from './commands/map-command.js';
import { registerMcpCommand } from './mcp/mcp-command.js';
import { registerReplayCommand } from './commands/replay-command.js';
import { registerLookupCommands } from './commands/lookup-commands.js';
import { registerSearchCommand } from './commands/search-command.js';
import { registerStatsCommand } from './commands/stats-command.js';
import { registerWorkerCommand } from './commands/worker-command.js';

/** Parses `argv` and runs one command; returns the exit code and never throws. Everything it prints is redacted. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const redacted = createRedactingIo(io);
  try {
    return await runCommand(argv, redacted);
  } finally {
    await redacted.flush();
  }
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (action) => async (...args) => {
    code = await action(...args);
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit with 0; every parse error is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.stderr.write(`nanodex: ${describeError(error)}\n`);
    return EXIT.failed;
  }
}

/** Every command, registered once; `wrap` receives each action's exit code. */
export function buildProgram(io: CliIo, wrap: Wrap): Command {
  const program = new Command('nanodex')
    .description('A code-aware assistant for your repository: a persistent local code index, answered from evidence.')
    .version(CLI_VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(run `nanodex --help` for usage)');
  registerIndexCommand(program, io, wrap);
  registerMapCommand(program, io, wrap);
  registerLookupCommands(program, io, wrap);
  registerSearchCommand(program, io, wrap);
  registerStatsCommand(program, io, wrap);
  registerAskCommands(program, io, wrap);
  registerSkillCommands(program, io, wrap);
  registerReplayCommand(program, io, wrap);
  registerMcpCommand(program, io, wrap);
  registerWorkerCommand(program, io, wrap);
  return program;
}
