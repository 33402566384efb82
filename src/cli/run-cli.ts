import { Command, CommanderError } from 'commander';
import { describeError } from '../core/lookups.js';
import { EXIT, type CliIo } from './cli-context.js';
import { CLI_VERSION } from './cli-version.js';
import type { Wrap } from './cli-options.js';
import { createRedactingIo } from './create-redacting-io.js';
import { protectTextArguments } from './protect-text-arguments.js';

type Register = (program: Command, io: CliIo, wrap: Wrap) => void;

/** Every command's registrar, in the order `--help` lists them; each module is imported when its commands are wanted. */
const REGISTRARS: (() => Promise<Register>)[] = [
  async () => (await import('./commands/index-command.js')).registerIndexCommand,
  async () => (await import('./commands/map-command.js')).registerMapCommand,
  async () => (await import('./commands/lookup-commands.js')).registerLookupCommands,
  async () => (await import('./commands/search-command.js')).registerSearchCommand,
  async () => (await import('./commands/stats-command.js')).registerStatsCommand,
  async () => (await import('./commands/ask-commands.js')).registerAskCommands,
  async () => (await import('./commands/skill-commands.js')).registerSkillCommands,
  async () => (await import('./commands/replay-command.js')).registerReplayCommand,
  async () => (await import('./mcp/mcp-command.js')).registerMcpCommand,
  async () => (await import('./commands/worker-command.js')).registerWorkerCommand,
];

/**
 * The commands a keystroke-speed run names first, with their registrar: such a run builds that one
 * (commander parses every option of every command it is given, and each registrar's module loads),
 * anything else (help, a flag, another command, a typo to suggest for) builds them all.
 */
const FAST_PATHS: Record<string, (typeof REGISTRARS)[number]> = {
  index: REGISTRARS[0]!,
  map: REGISTRARS[1]!,
  find: REGISTRARS[2]!,
  refs: REGISTRARS[2]!,
  search: REGISTRARS[3]!,
  stats: REGISTRARS[4]!,
};

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
  const program = await buildProgram(
    io,
    (action) =>
      async (...args) => {
        code = await action(...args);
      },
    argv[0],
  );
  const text = protectTextArguments(argv);
  text.restore(program);
  try {
    await program.parseAsync(text.argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Only a command that takes a question (its words, variadic) can have been given one that starts with a dash.
      const command = program.commands.find((c) => c.name() === argv[0]);
      if (error.code === 'commander.unknownOption' && command?.registeredArguments.some((a) => a.variadic)) {
        io.stderr.write(
          `If the dash is part of the question, put \`--\` after the options and before the question: nanodex ${command.name()} --json -- "-x fails"\n`,
        );
      }
      // Help and version exit with 0; every parse error is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.stderr.write(`nanodex: ${describeError(error)}\n`);
    return EXIT.failed;
  }
}

/**
 * The program, with every command registered once; `wrap` receives each action's exit code. Given the
 * first argument of a run, only the command it names when that is one of the fast paths (FAST_PATHS).
 */
export async function buildProgram(io: CliIo, wrap: Wrap, first?: string): Promise<Command> {
  const program = new Command('nanodex')
    .description('A code-aware assistant for your repository: a persistent local code index, answered from evidence.')
    .version(CLI_VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(run `nanodex --help` for usage)');
  const fast = first !== undefined && Object.hasOwn(FAST_PATHS, first) ? FAST_PATHS[first] : undefined;
  const registrars = await Promise.all(fast ? [fast()] : REGISTRARS.map((load) => load()));
  for (const register of registrars) register(program, io, wrap);
  return program;
}
