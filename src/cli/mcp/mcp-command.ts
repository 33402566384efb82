import type { Command } from 'commander';
import type { CliIo } from '../cli-context.js';
import { withCommonOptions, type Wrap } from '../cli-options.js';
import { withModelOptions } from '../model-options.js';
import type { McpOptions } from './serve-mcp.js';

/** `nanodex mcp`: registered with the other commands; the SDK and the pipeline load only when it runs. */
export function registerMcpCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withModelOptions(withCommonOptions(program.command('mcp')))
    .description('serve the index and the pipeline to a local coding agent as Model Context Protocol tools over stdio')
    .option('--verbose', 'log each run (one JSON line) on stderr', false)
    .action(
      wrap(async (...args) => {
        const options = args[0] as McpOptions;
        const { serveMcp } = await import('./serve-mcp.js');
        return serveMcp(options, io);
      }),
    );
}
