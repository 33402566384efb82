import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeError, redactSecrets } from '../../core/lookups.js';

/**
 * What a tool returns: text a model reads (redacted like everything the CLI
 * prints), and the same facts as structured content where there are any.
 */
export async function toolResult(text: string, structured?: Record<string, unknown>): Promise<CallToolResult> {
  const safe = await redactSecrets(text);
  if (structured === undefined) return { content: [{ type: 'text', text: safe }] };
  const json = await redactSecrets(JSON.stringify(structured));
  try {
    return { content: [{ type: 'text', text: safe }], structuredContent: JSON.parse(json) as Record<string, unknown> };
  } catch {
    // A redaction that broke the JSON: the text (redacted) is still the whole answer.
    return { content: [{ type: 'text', text: safe }] };
  }
}

/** A failure the calling agent can act on: what was wrong, and the fix (never a stack trace). */
export async function toolError(error: unknown): Promise<CallToolResult> {
  return { content: [{ type: 'text', text: await redactSecrets(describeError(error)) }], isError: true };
}

/** Runs a tool's work and turns any failure into a tool error. */
export async function answer(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return toolError(error);
  }
}
