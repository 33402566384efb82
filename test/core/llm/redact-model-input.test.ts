import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { redactModelInput } from '../../../src/core/llm/redact-model-input.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();
const lines = corpus.map((s) => s.inCode).join('\n');

describe('redactModelInput', () => {
  it('redacts secrets in every message a model would be sent, tool calls included', async () => {
    const messages = [
      new SystemMessage('You explore a repository.'),
      new HumanMessage(`Question: why does this fail?\n${lines}`),
      new AIMessage({
        content: [{ type: 'text', text: `I saw ${lines}` }],
        tool_calls: [{ id: 'c1', name: 'read_lines', args: { path: 'a.ts', note: lines } }],
      }),
      new ToolMessage({ tool_call_id: 'c1', content: lines }),
    ];
    await redactModelInput(messages);
    const sent = JSON.stringify(messages.map((m) => ({ content: m.content, calls: (m as AIMessage).tool_calls })));
    expect(findLeaks(sent, corpus)).toEqual([]);
    expect((messages[2] as AIMessage).tool_calls?.[0]).toMatchObject({ id: 'c1', name: 'read_lines', args: { path: 'a.ts' } });
    expect(messages[0]!.content).toBe('You explore a repository.');
  });
});
