import { z } from 'zod';
import type { Charge } from '../budget/budget-meter.js';
import { runOperation, type RoundState } from '../explore/run-operation.js';
import type { Operation } from '../explore/types.js';
import { proposedChangeSetSchema } from '../changes/proposed-change-schema.js';
import type { ChatToolSpec } from '../llm/chat-model.js';

/** A tool the core offers a model, and runs itself when the model calls it: its arguments are checked against its schema first. */
export interface ChatTool extends ChatToolSpec {
  run(args: unknown): Promise<string>;
}

/** A tool from its function and its spec; the function gets the arguments as the schema parsed them. */
function defineTool<S extends z.ZodType>(
  fn: (args: z.output<S>) => unknown,
  spec: { name: string; description: string; schema: S },
): ChatTool {
  return {
    ...spec,
    run: async (args) => {
      const parsed = spec.schema.safeParse(args);
      if (!parsed.success) throw new Error(`the arguments do not match ${spec.name}'s schema: ${z.prettifyError(parsed.error)}`);
      const result = await fn(parsed.data);
      return typeof result === 'string' ? result : JSON.stringify(result);
    },
  };
}

/** Thrown by a repository tool whose charge was refused: ends the discovery phase as budget-exceeded. */
export class BudgetRefused extends Error {
  constructor(readonly refused: Extract<Charge, { ok: false }>) {
    super(`the ${refused.limit} budget is spent (${refused.used} of ${refused.allowed})`);
    this.name = 'BudgetRefused';
  }
}

export const REPO_TOOL_NAMES = ['read_file_head', 'read_lines', 'search_code', 'find_definition', 'find_references', 'repo_map'] as const;
export const OUTPUT_TOOL_NAMES = ['emit_answer', 'emit_plan_section', 'emit_review_comment', 'emit_diagram', 'emit_change'] as const;
export type OutputToolName = (typeof OUTPUT_TOOL_NAMES)[number];

const path = z.string().min(1).max(1000).describe('repository-relative path');

/**
 * Discovery tools: each is a planned operation, charged and recorded as
 * evidence exactly like the heuristic's reads. They read; they never write.
 */
export function buildRepoTools(state: RoundState): ChatTool[] {
  const key = (e: { path: string; startLine: number; endLine: number }) => `${e.path}:${e.startLine}-${e.endLine}`;
  const runAs = async (op: Operation): Promise<string> => {
    const before = new Set(state.evidence.list().map(key));
    const findings = state.findings.length;
    const gaps = state.gaps.length;
    const outcome = await runOperation(op, state);
    if (!outcome.ok) throw new BudgetRefused(outcome.refused);
    const fresh = state.evidence.list().filter((e) => !before.has(key(e)));
    const parts = [
      ...state.findings.slice(findings),
      ...state.gaps.slice(gaps).map((g) => `gap: ${g}`),
      ...fresh.map((e) => `${key(e)} (${e.reason})\n${e.snippet}`),
    ];
    return parts.join('\n\n') || 'nothing new (already in the evidence)';
  };
  return [
    defineTool((a) => runAs({ kind: 'head', path: a.path, maxLines: a.maxLines }), {
      name: 'read_file_head',
      description: 'Read the first lines of a file.',
      schema: z.object({ path, maxLines: z.number().int().min(1).max(200) }),
    }),
    defineTool((a) => runAs({ kind: 'chunk', path: a.path, startLine: a.startLine, endLine: a.endLine }), {
      name: 'read_lines',
      description: 'Read a range of lines of a file.',
      schema: z
        .object({ path, startLine: z.number().int().min(1), endLine: z.number().int().min(1) })
        .refine((a) => a.endLine >= a.startLine, 'endLine must not be before startLine'),
    }),
    defineTool((a) => runAs({ kind: 'search', query: a.query }), {
      name: 'search_code',
      description: 'Full-text search over the code; plain words find identifiers.',
      schema: z.object({ query: z.string().min(1).max(300) }),
    }),
    defineTool((a) => runAs({ kind: 'definition', symbol: a.symbol }), {
      name: 'find_definition',
      description: 'Where a symbol (name or Scope.name) is defined, with its code.',
      schema: z.object({ symbol: z.string().min(1).max(200) }),
    }),
    defineTool((a) => runAs({ kind: 'references', symbol: a.symbol }), {
      name: 'find_references',
      description: 'Where a symbol is used, with the call sites.',
      schema: z.object({ symbol: z.string().min(1).max(200) }),
    }),
    defineTool(
      async (a) => {
        await runAs({ kind: 'map', tokens: a.tokens, focus: a.focus });
        return state.notes.at(-1) ?? '';
      },
      {
        name: 'repo_map',
        description: 'A ranked outline of the repository (files, classes, signatures).',
        schema: z.object({ tokens: z.number().int().min(200).max(4000).optional(), focus: z.array(z.string()).max(5).optional() }),
      },
    ),
  ];
}

export interface Citation {
  path: string;
  startLine: number;
  endLine: number;
}

/** What the execution phase produces: built here, published by a front. */
export interface OutputCollector {
  answer: { text: string; citations: Citation[] } | undefined;
  planSections: { title: string; body: string; citations: Citation[] }[];
  reviewComments: {
    path: string;
    line: number;
    body: string;
    quote: string;
    suggestion?: string;
    severity?: 'info' | 'warning' | 'error';
    /** Other places the finding rests on (a caller, the definition), checked against the head before it is kept. */
    evidence?: { path: string; line: number; code?: string }[];
  }[];
  diagrams: { type: string; graph: unknown }[];
  /** Proposed changes as the model gave them: checked against the proposed-change schema before use. */
  changes: unknown[];
}

export function createOutputCollector(): OutputCollector {
  return { answer: undefined, planSections: [], reviewComments: [], diagrams: [], changes: [] };
}

const citation = z.object({ path, startLine: z.number().int().min(1), endLine: z.number().int().min(1) });

/**
 * Execution tools: they only fill the collector. `allowed` (a skill's
 * allowed-tools) narrows the family; a skill never gets a tool it did not ask for.
 */
export function buildOutputTools(out: OutputCollector, allowed?: readonly string[]): ChatTool[] {
  const all = [
    defineTool(
      (a) => {
        out.answer = { text: a.text, citations: a.citations };
        return 'answer recorded';
      },
      {
        name: 'emit_answer',
        description: 'Give the final answer, citing the evidence lines it rests on.',
        schema: z.object({ text: z.string().min(1).max(20_000), citations: z.array(citation).max(50) }),
      },
    ),
    defineTool(
      (a) => {
        out.planSections.push(a);
        return 'section recorded';
      },
      {
        name: 'emit_plan_section',
        description: 'Add a section to a plan.',
        schema: z.object({ title: z.string().min(1).max(200), body: z.string().min(1).max(10_000), citations: z.array(citation).max(50) }),
      },
    ),
    defineTool(
      (a) => {
        out.reviewComments.push(a);
        return 'comment recorded';
      },
      {
        name: 'emit_review_comment',
        description:
          'Add a review finding on a changed line, quoting the code it is about and citing the other code it rests on. Findings whose quote or evidence does not match the code, or that name identifiers the cited code does not contain, are dropped.',
        schema: z.object({
          path,
          line: z.number().int().min(1),
          body: z.string().min(1).max(5000),
          quote: z.string().min(1).max(2000).describe('the exact code the comment is about, copied from the diff'),
          suggestion: z.string().max(5000).optional().describe('replacement for the quoted lines, only when it is concrete'),
          severity: z.enum(['info', 'warning', 'error']).optional(),
          evidence: z
            .array(
              z.object({
                path,
                line: z.number().int().min(1),
                code: z.string().max(2000).optional().describe('the code at that line, copied exactly'),
              }),
            )
            .max(10)
            .optional()
            .describe('other lines the finding rests on: a caller, the definition, a test'),
        }),
      },
    ),
    defineTool(
      (a) => {
        out.diagrams.push(a);
        return 'diagram recorded';
      },
      {
        name: 'emit_diagram',
        description: 'Emit a diagram graph as JSON.',
        schema: z.object({ type: z.enum(['architecture', 'component', 'dependency', 'erd']), graph: z.unknown() }),
      },
    ),
    defineTool(
      (a) => {
        out.changes.push(...a.changes);
        return `${a.changes.length} change(s) recorded`;
      },
      {
        name: 'emit_change',
        description: 'Propose file changes (create, rename, delete, patch). Nothing is written; they are shown for review.',
        schema: proposedChangeSetSchema,
      },
    ),
  ];
  return allowed ? all.filter((t) => allowed.includes(t.name)) : all;
}
