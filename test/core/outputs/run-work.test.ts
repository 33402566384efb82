import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

function done(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

const plan = JSON.stringify({
  intent: 'change',
  questions: ['Where are headers split?'],
  candidates: [],
  operations: [{ kind: 'definition', symbol: 'splitHeaders' }],
  maxRounds: 2,
});

describe('run > work', () => {
  it('offline: says proposing edits needs a model and shows where the change would go', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(
      await run({ command: 'work', prompt: 'trim header values in splitHeaders', repo: { kind: 'local', root: repo.root } }, ports),
    );
    expect(result.comment.body).toContain('Proposing code changes needs a language model');
    expect(result.comment.body).toContain('src/http/headers.ts');
    if (result.output.kind !== 'changes') throw new Error('expected changes');
    expect(result.output.results).toEqual([]);
  });

  it('with a model: checks each proposed change, works it out in memory, shows diffs and rejects traversal — writing nothing', async () => {
    const { ports, repo } = await explorePorts();
    const before = await ports.source.readFile('src/http/headers.ts');
    const model = new ScriptedChatModel([
      plan,
      'Enough.',
      {
        toolCalls: [
          {
            name: 'emit_change',
            args: {
              changes: [
                {
                  kind: 'patch',
                  path: 'src/http/headers.ts',
                  format: 'search_replace',
                  title: 'Trim values',
                  rationale: 'Values keep spaces.',
                  risk: 1,
                  blocks: [{ search: "l.split(': ')", replace: "l.split(': ').map((p) => p.trim())" }],
                  approvalGroup: { id: 'trim', label: 'Trim headers' },
                },
                {
                  kind: 'file_create',
                  path: 'test/headers.test.ts',
                  content: "import { splitHeaders } from '../src/http/headers.js';\n",
                  title: 'Test',
                  rationale: 'Cover it.',
                  risk: 0,
                },
              ],
            },
          },
          { name: 'emit_answer', args: { text: 'Trims header values; adds a test.', citations: [] } },
        ],
      },
    ]);
    const result = done(
      await run(
        { command: 'work', prompt: 'trim header values in splitHeaders', repo: { kind: 'local', root: repo.root } },
        { ...ports, model },
      ),
    );
    if (result.output.kind !== 'changes') throw new Error('expected changes');
    expect(result.output.results.map((r) => r.ok)).toEqual([true, true]);
    const patch = result.output.results[0]!;
    expect(patch.change).toMatchObject({ baseSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(result.comment.body).toContain(
      "+  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ').map((p) => p.trim())));",
    );
    expect(result.comment.body).toContain('Nothing has been written to the repository');
    expect(await ports.source.readFile('src/http/headers.ts')).toBe(before);
  });

  it('with a model: a change with a path outside the repository is refused to the model and never shown', async () => {
    const { ports, repo } = await explorePorts();
    const model = new ScriptedChatModel([
      plan,
      'Enough.',
      {
        toolCalls: [
          {
            name: 'emit_change',
            args: { changes: [{ kind: 'file_delete', path: '../../etc/passwd', title: 'x', rationale: 'x', risk: 3 }] },
          },
        ],
      },
      { toolCalls: [{ name: 'emit_answer', args: { text: 'Could not propose a change.', citations: [] } }] },
    ]);
    const result = done(
      await run({ command: 'work', prompt: 'delete passwd', repo: { kind: 'local', root: repo.root } }, { ...ports, model }),
    );
    const refusal = String(model.calls[3]!.messages.at(-1)!.content);
    expect(refusal).toMatch(/error/i);
    if (result.output.kind !== 'changes') throw new Error('expected changes');
    expect(result.output.results).toEqual([]);
    expect(result.comment.body).not.toContain('passwd`');
  });
});
