import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { parseRepoPath, systemClock } from '../../core/lookups.js';
import {
  gitChangeHistory,
  renderReply,
  run,
  SqliteCodeIndex,
  type ChatModel,
  type IndexStore,
  type LocalRepoSource,
  type ModelConfig,
  type Request,
  type RunPorts,
  type RunResult,
} from '../../core/index.js';
import type { CliIo } from '../cli-context.js';
import { createCliLogger } from '../cli-logger.js';
import { openIndex } from '../open-index.js';
import { readChangeAtHead } from '../change-at-head.js';
import type { McpIndex } from './mcp-index.js';
import { answer, toolResult } from './tool-result.js';

export interface PipelineSetup {
  index: McpIndex;
  io: CliIo;
  model: ChatModel | undefined;
  modelConfig: ModelConfig | undefined;
  verbose: boolean;
}

const question = z
  .string()
  .trim()
  .min(1)
  .max(20_000)
  .describe('the question or task in plain words; may carry budget words like the CLI: rounds=3 files=10 budget=20k focus=src/api');
const focus = z
  .array(z.string().trim().min(1).max(4096))
  .max(20)
  .default([])
  .describe('folders or files to keep the exploration in, relative to the repository root');

/** The budgeted pipeline as tools: what `nanodex locate|ask|plan|review` print, from the same core. */
export function registerPipelineTools(server: McpServer, setup: PipelineSetup): void {
  server.registerTool(
    'locate_files',
    {
      title: 'Locate files',
      description:
        'Rank the files a question or bug report is most likely about, each with why and the chunks (line ranges) to read first. Cheaper than ask: no excerpts.',
      inputSchema: { question, limit: z.number().int().min(1).max(50).default(10).describe('most files to return (default 10)') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ question: prompt, limit }) =>
      answer(async () => {
        const result = await runRequest(setup, { command: 'locate', prompt });
        if (result.kind !== 'done' || result.command !== 'locate') return describeOther(result);
        const files = result.files.slice(0, limit);
        const text =
          files.length === 0
            ? 'no file matched the question'
            : files
                .map(
                  (f, i) =>
                    `${i + 1}. ${f.path} (${f.reason})${f.chunks.length ? `\n   read: ${f.chunks.map((c) => `L${c.startLine}-L${c.endLine} ${c.context}`).join('; ')}` : ''}`,
                )
                .join('\n');
        return toolResult(text, { files });
      }),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask about the code',
      description:
        'Explore the repository for a question under a budget and return the evidence: excerpts with path and line range, why each was read, a confidence that says what was and was not found, and (with a model configured) an answer citing only those lines.',
      inputSchema: { question, focus },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ question: prompt, focus: folders }) =>
      answer(async () => {
        const result = await runRequest(setup, { command: 'ask', prompt: withFocus(prompt, folders) });
        if (result.kind !== 'done' || result.command !== 'ask') return describeOther(result);
        const { context } = result;
        return toolResult(await renderReply(result, { detail: 'terminal' }), {
          confidence: context.confidence,
          confidenceReason: context.confidenceReason,
          keyFindings: context.keyFindings,
          evidence: context.evidence.map((e) => ({
            path: e.path,
            startLine: e.startLine,
            endLine: e.endLine,
            reason: e.reason,
            snippet: e.snippet,
          })),
          knownGaps: context.knownGaps,
          ...(result.answer ? { answer: result.answer } : {}),
        });
      }),
  );

  server.registerTool(
    'plan',
    {
      title: 'Plan a change',
      description:
        'Plan a change to the repository: the files and functions to change (only those with evidence for this change, most certain first, each with its evidence and its tests, or why none is named) and related files to read first (files[].role), the steps, acceptance checks and risks. Read-only: nothing is written.',
      inputSchema: { task: question, focus },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ task, focus: folders }) =>
      answer(async () => {
        const result = await runRequest(setup, { command: 'plan', prompt: withFocus(task, folders) });
        if (result.kind !== 'done' || !('comment' in result)) return describeOther(result);
        return toolResult(await renderReply(result, { detail: 'terminal' }), { files: result.files ?? [], notes: result.notes });
      }),
  );

  server.registerTool(
    'review_diff',
    {
      title: 'Review a diff',
      description:
        'Review the change from base to head (what a pull request from head into base shows: git diff base...head) in this repository: findings placed on changed lines, callers of changed symbols, test gaps and tests to run.',
      inputSchema: {
        base: z.string().trim().min(1).max(255).describe('the branch or commit the change goes into, e.g. "main"'),
        head: z.string().trim().min(1).max(255).default('HEAD').describe('the branch or commit with the change (default HEAD)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ base, head }) =>
      answer(async () => {
        const result = await reviewDiff(setup, base, head);
        if (result.kind !== 'done' || !('comment' in result)) return describeOther(result);
        const inline = result.output.kind === 'review' ? result.output.placed.inline : [];
        return toolResult(await renderReply(result, { detail: 'terminal' }), { comments: inline, notes: result.notes });
      }),
  );
}

/**
 * A review cites the head commit's lines: on a clean checkout of `head` the server's index is used; otherwise
 * (another commit, local edits) the head's files are read from a snapshot and indexed beside it, as `nanodex review` does.
 */
async function reviewDiff(setup: PipelineSetup, base: string, head: string): Promise<RunResult> {
  return setup.index.use(async ({ store, source }) => {
    const root = source.root;
    const { diff, baseSha, headSha, snapshot } = await readChangeAtHead(root, base, head);
    const request: Request = {
      command: 'review',
      prompt: 'Review this change.',
      repo: { kind: 'local', root },
      diff,
      pullRequest: { number: 0, title: `${base}...${head}`, body: '', baseSha, headSha },
    };
    if (!snapshot) return run(request, portsFor(setup, store, source));
    try {
      const opened = await openIndex({ repo: snapshot.dir, index: snapshot.indexFile, json: true, refresh: true }, setup.io);
      try {
        return await run(request, portsFor(setup, opened.store, opened.source, root));
      } finally {
        opened.store.close();
      }
    } finally {
      await snapshot.remove();
    }
  });
}

/** Focus folders become the pipeline's own `focus=` words, each checked against the path rules first. */
function withFocus(prompt: string, folders: string[]): string {
  const words = folders.map((f) => `focus=${parseRepoPath(f)}`);
  return words.length === 0 ? prompt : `${prompt} ${words.join(' ')}`;
}

async function runRequest(setup: PipelineSetup, request: Pick<Request, 'command' | 'prompt'>): Promise<RunResult> {
  return setup.index.use(async ({ store, source }) =>
    run({ ...request, repo: { kind: 'local' as const, root: source.root } } as Request, portsFor(setup, store, source)),
  );
}

/** What run() works with here: the index, the model, and the checkout's git history (co-change, churn). */
function portsFor(setup: PipelineSetup, store: IndexStore, source: LocalRepoSource, historyRoot = source.root): RunPorts {
  return {
    source,
    index: new SqliteCodeIndex(store),
    logger: createCliLogger(setup.io, setup.verbose),
    clock: systemClock,
    model: setup.model,
    modelConfig: setup.modelConfig,
    history: gitChangeHistory(historyRoot),
  };
}

/** A budget stop, a skip or a failure: said as a tool error with what to do, never as an empty answer. */
async function describeOther(result: RunResult): Promise<CallToolResult> {
  const text = await renderReply(result, { detail: 'terminal' });
  return { ...(await toolResult(text)), isError: result.kind === 'failed' || result.kind === 'skipped' };
}
