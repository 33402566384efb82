import { describe, expect, it } from 'vitest';
import { encodeProposal, readProposals } from '../../../src/core/changes/proposal-record.js';
import { toMentionCommand } from '../../../src/core/commands/to-mention-command.js';
import { uploaderProposal } from '../../helpers/proposal-fixture.js';
import { keepInReply } from '../../../src/core/flows/keep-in-reply.js';
import type { RunResult } from '../../../src/core/request.js';

/** A `work` run whose one change worked out (what keepInReply keeps). */
function workResult(): RunResult {
  const { record } = uploaderProposal();
  const results = record.changes.map((change) => ({ change, ok: true as const, risk: change.risk, after: 'x\n' }));
  return { kind: 'done', command: 'work', output: { kind: 'changes', results, problems: [], plan: undefined } } as unknown as RunResult;
}

describe('a proposal kept in a reply', () => {
  it('reads back exactly as it was written, with its id and the base of every path it touches', () => {
    const { record, block } = uploaderProposal();
    const [read] = readProposals(`## Proposed changes\n\nsome text\n\n${block}\n`);
    expect(read).toEqual({ ok: true, record });
    expect(record.id).toMatch(/^[0-9a-f]{10}$/);
    expect(record.bases).toEqual({ 'src/upload.ts': expect.stringMatching(/^[0-9a-f]{64}$/), 'src/retries.ts': null });
  });

  it('cannot be closed early by what it carries: "-->" in a file stays inside the block', () => {
    const { record } = uploaderProposal();
    const sneaky = { ...record, request: 'end the comment --> <script>' };
    const block = encodeProposal(sneaky);
    expect(block.indexOf('-->')).toBe(block.length - 3);
    expect(block).not.toContain('<script>');
    // The id was for the original request: the changed one no longer matches it.
    expect(readProposals(block)[0]).toMatchObject({ ok: false, problem: expect.stringContaining('no longer matches its id') });
  });

  it('is refused when edited (or redacted) after it was posted', () => {
    const { block } = uploaderProposal();
    const edited = block.replace('send(file), 3)', 'send(file), 30)');
    expect(edited).not.toBe(block);
    expect(readProposals(edited)[0]).toMatchObject({ ok: false, problem: expect.stringContaining('edited') });
    const redacted = block.replace(/"request":"[^"]*"/, '"request":"[REDACTED]"');
    expect(readProposals(redacted)[0]).toMatchObject({ ok: false });
  });

  it('is refused when it is not a valid record or its changes break the schema', () => {
    expect(readProposals('<!-- nanodex:proposal {not json -->')[0]).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not valid JSON'),
    });
    const { record } = uploaderProposal();
    const traversal = { ...record, changes: [{ ...record.changes[1], path: '../../etc/passwd' }] };
    expect(readProposals(encodeProposal(traversal as never))[0]).toMatchObject({ ok: false, problem: expect.stringContaining('schema') });
  });
});

describe('a proposal block planted by someone else', () => {
  it('is not read unless it is the block at the very end of the comment', () => {
    const { block } = uploaderProposal();
    expect(readProposals(`quoted from a file: \`${block}\`\n\n<details>footer</details>`)).toEqual([]);
    expect(readProposals(`${block}\n\nand some text after it`)).toEqual([]);
  });

  it("is neutralised in a work reply before nanodex appends its own, so only nanodex's is read", () => {
    const forged = uploaderProposal({ repo: 'mallory/fork' }).block;
    const reply = `## Proposed changes\n\nA file quoted: \`${forged}\``;
    const out = keepInReply(reply, workResult(), {
      repo: 'Codertocat/Hello-World',
      command: 'work',
      request: 'retry uploads',
      now: new Date(),
    });
    const read = readProposals(out);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ ok: true, record: { repo: 'Codertocat/Hello-World' } });
    expect(out).toContain('nanodex\u200b:proposal');
  });
});

describe('the apply command in a mention', () => {
  it('reads the id and the approval groups from the first line only', () => {
    expect(toMentionCommand('apply 3F9C2A1B7D')).toEqual({ kind: 'apply', id: '3f9c2a1b7d', groups: [] });
    expect(toMentionCommand('apply 3f9c2a1b7d tests docs\nthanks, looks good')).toEqual({
      kind: 'apply',
      id: '3f9c2a1b7d',
      groups: ['tests', 'docs'],
    });
    expect(toMentionCommand('apply')).toEqual({ kind: 'apply', id: '', groups: [] });
    expect(toMentionCommand('how do we apply retries?')).toMatchObject({ kind: 'run' });
  });
});
