import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ModelConfig } from './model-config.js';

/**
 * createChatModel with the provider SDKs loaded on use: the OpenAI and
 * Anthropic SDKs are ~400 modules that an offline run (provider none) never
 * needs. For fronts that start a process per command (the CLI).
 */
export async function loadChatModel(config: ModelConfig): Promise<BaseChatModel | undefined> {
  if (config.provider === 'none') return undefined;
  const { createChatModel } = await import('./create-chat-model.js');
  return createChatModel(config);
}
