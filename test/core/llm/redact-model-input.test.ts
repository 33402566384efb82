import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/core/llm/chat-model.js';
import { redactModelInput } from '../../../src/core/llm/redact-model-input.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();
const lines = corpus.map((s) => s.inCode).join('\n');

describe('redactModelInput', () => {
  it('redacts secrets in every message a model would be sent, tool calls included', async () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You explore a repository.' },
      { role: 'user', content: `Question: why does this fail?\n${lines}` },
      { role: 'assistant', content: `I saw ${lines}`, toolCalls: [{ id: 'c1', name: 'read_lines', args: { path: 'a.ts', note: lines } }] },
      { role: 'tool', toolCallId: 'c1', content: lines },
    ];
    await redactModelInput(messages);
    expect(findLeaks(JSON.stringify(messages), corpus)).toEqual([]);
    expect(messages[2]).toMatchObject({ toolCalls: [{ id: 'c1', name: 'read_lines', args: { path: 'a.ts' } }] });
    expect(messages[0]!.content).toBe('You explore a repository.');
  });
});
