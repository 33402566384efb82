import { ChatAnthropic } from '@langchain/anthropic';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
import { createChatModel } from '../../../src/core/llm/create-chat-model.js';
import { parseModelConfig } from '../../../src/core/llm/model-config.js';
import { TEST_KEY } from './tool-round-trip.js';

describe('createChatModel', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('returns no model for provider none', () => {
    expect(createChatModel(parseModelConfig({ provider: 'none' }))).toBeUndefined();
  });

  it.each([
    ['openai', ChatOpenAI, 'gpt-4o-mini'],
    ['anthropic', ChatAnthropic, 'claude-haiku-4-5'],
    ['ollama', ChatOllama, 'llama3.1'],
  ] as const)('builds the %s model with its default model name', (provider, type, model) => {
    const chatModel = createChatModel(parseModelConfig({ provider, apiKey: TEST_KEY }));
    expect(chatModel).toBeInstanceOf(type);
    expect(chatModel).toMatchObject({ model, temperature: 0 });
  });

  it('passes the timeout and retry limits to the clients', () => {
    const settings = { apiKey: TEST_KEY, timeoutMs: 5_000, maxRetries: 1 };
    expect(createChatModel({ provider: 'openai', ...settings })).toMatchObject({ timeout: 5_000, caller: { maxRetries: 1 } });
    expect(createChatModel({ provider: 'anthropic', ...settings })).toMatchObject({
      clientOptions: { timeout: 5_000 },
      caller: { maxRetries: 1 },
    });
  });

  describe('when a hand-built config has no key', () => {
    it('refuses instead of letting the SDK read OPENAI_API_KEY or ANTHROPIC_API_KEY', () => {
      vi.stubEnv('OPENAI_API_KEY', TEST_KEY);
      vi.stubEnv('ANTHROPIC_API_KEY', TEST_KEY);
      for (const provider of ['openai', 'anthropic'] as const) {
        expect(() => createChatModel({ provider })).toThrow(NanodexError);
        expect(() => createChatModel({ provider, apiKey: '' })).toThrow(`${provider} needs an API key`);
      }
    });
  });
});
