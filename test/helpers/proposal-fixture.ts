import { contentSha256 } from '../../src/core/changes/content-sha256.js';
import type { ChangeResult } from '../../src/core/changes/apply-change.js';
import { encodeProposal, toProposalRecord, type ProposalRecord } from '../../src/core/changes/proposal-record.js';

export const BEFORE = 'export function upload(file: string): Promise<void> {\n  return send(file);\n}\n';
export const AFTER = 'export function upload(file: string): Promise<void> {\n  return retry(() => send(file), 3);\n}\n';

/** What `@nanodex work add retries to the uploader` proposed: a patch of `path` (src/upload.ts) and a new src/retries.ts. */
export function uploaderProposal(options: { path?: string; createdAt?: Date; repo?: string } = {}): {
  record: ProposalRecord;
  block: string;
} {
  const path = options.path ?? 'src/upload.ts';
  const results: ChangeResult[] = [
    {
      ok: true,
      risk: 1,
      before: BEFORE,
      after: AFTER,
      change: {
        kind: 'patch',
        title: 'Retry uploads',
        rationale: 'Uploads fail on flaky networks.',
        risk: 1,
        path,
        format: 'search_replace',
        baseSha256: contentSha256(BEFORE),
        blocks: [{ search: '  return send(file);', replace: '  return retry(() => send(file), 3);' }],
      } as never,
    },
    {
      ok: true,
      risk: 0,
      after: 'export const RETRIES = 3;\n',
      change: {
        kind: 'file_create',
        title: 'Retry count',
        rationale: 'One place for the number.',
        risk: 0,
        path: 'src/retries.ts',
        content: 'export const RETRIES = 3;\n',
        approvalGroup: { id: 'constants', label: 'Constants' },
      },
    },
  ];
  const record = toProposalRecord({
    repo: options.repo ?? 'Codertocat/Hello-World',
    request: 'add retries to the uploader',
    results,
    now: options.createdAt ?? new Date(),
  });
  if (!record) throw new Error('the fixture proposal has no change that worked out');
  return { record, block: encodeProposal(record) };
}
