import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadChatModel } from '../../core/index.js';
import type { CliIo, CommonOptions } from '../cli-context.js';
import { CLI_VERSION } from '../cli-version.js';
import { readModelConfig, type ModelOptions } from '../model-options.js';
import { registerLookupTools } from './lookup-tools.js';
import { McpIndex } from './mcp-index.js';
import { registerPipelineTools } from './pipeline-tools.js';

/** One line, on stderr only when stdin is a terminal: an MCP client never sees it. */
export const TERMINAL_HINT =
  'nanodex mcp serves the Model Context Protocol on stdin/stdout and waits for an MCP client (a coding agent starts it; docs/mcp.md has the config). Ctrl-C to stop.';

export interface McpOptions extends CommonOptions, ModelOptions {
  verbose: boolean;
}

/**
 * `nanodex mcp`: the index and the pipeline as Model Context Protocol tools
 * over stdio, for local coding agents. stdout carries the protocol only;
 * everything else (index progress, warnings, --verbose logs) goes to stderr.
 * Resolves when the client closes the connection (or stdin ends).
 */
export async function serveMcp(
  options: McpOptions,
  io: CliIo,
  streams = { stdin: process.stdin, stdout: process.stdout },
): Promise<number> {
  // Checked before the server starts: a bad --provider is a usage error, not a tool error on every call.
  const modelConfig = await readModelConfig(options, io.env);
  const model = modelConfig ? await loadChatModel(modelConfig) : undefined;
  const logIo: CliIo = { ...io, stdout: io.stderr };
  // A person who typed `nanodex mcp` would otherwise see nothing at all: the protocol waits for a client's JSON.
  if ((streams.stdin as { isTTY?: boolean }).isTTY === true) io.stderr.write(`${TERMINAL_HINT}\n`);
  const index = new McpIndex(options, logIo);
  const server = new McpServer(
    { name: 'nanodex', version: CLI_VERSION },
    {
      instructions:
        "nanodex's code index of one local repository. Get your bearings with repo_map, find names with find_definition/find_references, words with search_code; locate_files ranks files for a bug report; ask, plan and review_diff run nanodex's budgeted exploration and cite only lines that exist.",
    },
  );
  registerLookupTools(server, index);
  registerPipelineTools(server, { index, io: logIo, model, modelConfig, verbose: options.verbose });
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    streams.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  index.close();
  await server.close().catch(() => undefined);
  return 0;
}
