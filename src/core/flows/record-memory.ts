import { MAX_BUDGET } from '../budget/budget.js';
import { encodeMemory, toMemoryRecord } from '../memory/memory-record.js';
import { buildThreadMemory, type ThreadMemory } from '../memory/thread-memory.js';
import type { Logger } from '../ports.js';
import type { Publisher } from '../publish/publisher.js';
import { GITHUB_COMMENT_LIMIT } from '../render/fit-comment.js';
import { STICKY_MARKER_ROOM } from '../render/hidden-blocks.js';
import { describeError } from '../errors.js';
import type { RunResult } from '../request.js';

/** The thread's latest comments a follow-up reads back. */
const COMMENTS_READ = 100;

/**
 * What earlier requests in this thread found, read back from nanodex's own
 * replies (any worker can: it lives in the thread). Gathered up to the most
 * a request may carry; run() cuts it to the request's own budget and checks
 * it against the tree. A thread that cannot be read means no memory, never
 * a failed request.
 */
export async function readThreadMemory(
  thread: Publisher,
  context: { selfLogin: string; repo: string; currentCommentId: number; logger: Logger; logFields?: Record<string, unknown> },
): Promise<ThreadMemory | undefined> {
  if (!thread.readComments) return undefined;
  try {
    const comments = await thread.readComments(COMMENTS_READ);
    return buildThreadMemory(comments, { ...context, maxTokens: MAX_BUDGET.memoryTokens });
  } catch (error) {
    context.logger.warn('could not read the thread for its memory', { ...context.logFields, error: describeError(error) });
    return undefined;
  }
}

/** The reply with what it found kept at its end, for the next request in the thread; as it is when nothing fits or was cited. */
export function withMemory(body: string, result: RunResult, context: { repo: string; command: string; request: string }): string {
  if (result.kind !== 'done') return body;
  // A plan's files to change (with their symbols); `locate`'s ranked files are cited in the body already.
  const named = 'comment' in result ? (result.files ?? []) : [];
  const record = toMemoryRecord({ ...context, reply: body, named });
  if (record === undefined) return body;
  const withBlock = `${body}\n\n${encodeMemory(record)}`;
  return withBlock.length <= GITHUB_COMMENT_LIMIT - STICKY_MARKER_ROOM ? withBlock : body;
}
