/**
 * A 1-file edit in a long-running process (issue 28): the shipped MCP server
 * (`nanodex mcp`) on a clone of the corpus (the pinned corpus is never
 * written to), warm after one lookup; then, in turn, a line appended to one
 * file followed by a lookup of the name it adds, and a lookup with no change
 * (the baseline: what any call costs the same server), then `git status`. Each figure is the
 * server process's CPU (its threads and reaped git children, from /proc)
 * from the end of the call before to the end of this one, and the call's
 * wall as the client sees it. The edit's lookup must find the new name: the
 * refresh really indexed it. The server's watch names the edited file, so
 * the refresh lists that path alone (git asked about it only): 0.10 s of CPU
 * per edit on the 55,063-file corpus, against 0.38 s when every refresh
 * asked git for the state of every file (docs/performance.md).
 */
import { copyFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { alternate } from './alternate.js';
import { EDITED_FILE } from './edit-reindex.js';
import { median } from './measure.js';
import { processCpuMs, runProcess, toTiming, type ProcessRun, type ProcessTiming } from './time-process.js';
import { cloneForEdit } from './clone-settled.js';

/** Between the edit and the call: the server's file watch hears of the change (an agent's next call comes later still). */
const SETTLE_MS = 200;

export interface McpEditOptions {
  corpusRoot: string;
  /** An index of corpusRoot to start from (copied); without one the first call builds it. */
  indexFile?: string;
  scratch: string;
  runs: number;
  env: NodeJS.ProcessEnv;
  /** dist/src/cli/main.js */
  cli: string;
}

export interface CallFigures {
  cpuMs: number[];
  wallMs: number[];
  /** Medians. */
  medianCpuMs: number;
  medianWallMs: number;
}

export interface McpEdit {
  edit: CallFigures;
  noChange: CallFigures;
  /** `git status` on the clone, in turn with the calls: the least any refresh pays to find the change. */
  gitStatus: ProcessTiming;
  /** Every edit's lookup found the name the edit added, in the edited file. */
  sawEveryEdit: boolean;
}

export async function measureMcpEdit(options: McpEditOptions): Promise<McpEdit> {
  const { clone, file } = cloneForEdit(options.corpusRoot, options.scratch, 'mcp-edit-clone', EDITED_FILE);
  const index = path.join(options.scratch, 'mcp-edit.db');
  if (options.indexFile !== undefined) copyFileSync(options.indexFile, index);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.cli, 'mcp', '--repo', clone, '--index', index],
    env: options.env as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'nanodex-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const pid = transport.pid;
    if (pid === null) throw new Error('the MCP server did not start');
    // Warm: the index built by this call, or (a copy) settled on the clone; no file parsed yet in the second case.
    await lookup(client, 'Matrix');
    let seen = true;
    let previous = 'Matrix';
    const statuses: ProcessRun[] = [];
    const timed = async (change: () => void, symbol: string): Promise<{ cpuMs: number; wallMs: number; text: string }> => {
      const cpuBefore = processCpuMs(pid);
      change();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const started = performance.now();
      const text = await lookup(client, symbol);
      const wallMs = performance.now() - started;
      return { cpuMs: processCpuMs(pid) - cpuBefore, wallMs, text };
    };
    const [edits, unchanged] = await alternate(
      options.runs,
      async (run) => {
        const name = `nanodex_mcp_probe_${run}`;
        const result = await timed(() => appendFileSync(file, `\n\ndef ${name}(value):\n    return value + ${run}\n`), name);
        seen &&= result.text.includes(`${EDITED_FILE}:`) && result.text.includes(name);
        previous = name;
        return result;
      },
      async () => {
        const call = await timed(() => undefined, previous);
        statuses.push(await runProcess('git', ['-C', clone, '--no-optional-locks', 'status', '--porcelain'], { env: options.env }));
        return call;
      },
    );
    return {
      edit: toFigures(edits),
      noChange: toFigures(unchanged),
      gitStatus: toTiming('git status --porcelain', statuses),
      sawEveryEdit: seen,
    };
  } finally {
    await client.close();
  }
}

/** The first call may build the whole index (the SDK gives up on a request after 60 s by default). */
const CALL_TIMEOUT_MS = 30 * 60_000;

async function lookup(client: Client, symbol: string): Promise<string> {
  const result = (await client.callTool({ name: 'find_definition', arguments: { symbol } }, undefined, {
    timeout: CALL_TIMEOUT_MS,
  })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  if (result.isError) throw new Error(`find_definition ${symbol} failed: ${text.slice(0, 300)}`);
  return text;
}

function toFigures(runs: { cpuMs: number; wallMs: number }[]): CallFigures {
  const cpuMs = runs.map((r) => r.cpuMs);
  const wallMs = runs.map((r) => r.wallMs);
  return { cpuMs, wallMs, medianCpuMs: median(cpuMs), medianWallMs: median(wallMs) };
}
