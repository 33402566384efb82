import { encodeProposal, toProposalRecord } from '../changes/proposal-record.js';
import { GITHUB_COMMENT_LIMIT } from '../render/fit-comment.js';
import { STICKY_MARKER_ROOM } from '../render/hidden-blocks.js';
import { code, plural } from '../render/markdown.js';
import type { RunResult } from '../request.js';

/**
 * A `work` reply with its proposal kept at the end (a hidden block) and how
 * to apply it: all of it, or its approval groups. A proposal too large for
 * the comment is not kept, and the reply says so; any other reply is
 * returned as it is.
 */
/** The sticky marker goes on the first line after this: room is kept for it. */
const LIMIT = GITHUB_COMMENT_LIMIT - STICKY_MARKER_ROOM;

export function withProposal(reply: string, result: RunResult, context: { repo: string; request: string; now: Date }): string {
  if (result.kind !== 'done' || result.command !== 'work' || !('output' in result) || result.output.kind !== 'changes') return reply;
  const record = toProposalRecord({ repo: context.repo, request: context.request, results: result.output.results, now: context.now });
  if (record === undefined) return reply;
  const groups = [...new Set(record.changes.flatMap((c) => (c.approvalGroup ? [c.approvalGroup.id] : [])))];
  const how = [
    `**To apply:** a person with write access comments ${code(`@nanodex apply ${record.id}`)}: nanodex checks each file is still as the proposal saw it, commits the ${plural(record.changes.length, 'change')} to a new branch ${code(`nanodex/${record.id}`)} and opens a pull request (the default branch is never written).`,
    groups.length > 0 ? ` To apply only some approval groups: ${code(`@nanodex apply ${record.id} ${groups[0]}`)}.` : '',
  ].join('');
  const marker = encodeProposal(record);
  const body = `${reply}\n\n${how}\n\n${marker}`;
  if (body.length <= LIMIT) return body;
  const note = `\n\nThis proposal is too large to keep in a comment (${Math.round(marker.length / 1024)} KB), so it cannot be applied with \`@nanodex apply\`; apply the diffs above by hand, or ask for a smaller change.`;
  return reply.length + note.length <= LIMIT ? `${reply}${note}` : reply;
}
