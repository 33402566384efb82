import { describe, expect, it } from 'vitest';
import { encodeProposal, readProposals } from '../../../src/core/changes/proposal-record.js';
import { toMentionCommand } from '../../../src/core/commands/to-mention-command.js';
import { uploaderProposal } from '../../helpers/proposal-fixture.js';

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
