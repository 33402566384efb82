import { neutraliseHiddenBlocks } from '../render/hidden-blocks.js';
import type { RunResult } from '../request.js';
import { withMemory } from './record-memory.js';
import { withProposal } from './record-proposal.js';

/**
 * A reply with what nanodex keeps in it for later requests, at its end: a
 * `work` proposal (for `@nanodex apply`), then the thread's memory. Any
 * look-alike of those blocks in the reply's own text (a quoted file, a
 * model's code span) is neutralised first, once, so only nanodex's own
 * blocks are ever read back.
 */
export function keepInReply(
  reply: string,
  result: RunResult,
  context: { repo: string; command: string; request: string; now: Date },
): string {
  return withMemory(withProposal(neutraliseHiddenBlocks(reply), result, context), result, context);
}
