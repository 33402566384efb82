import type { ChatModel } from './chat-model.js';
import type { ModelConfig } from './model-config.js';

/**
 * openChatModel with the provider SDKs loaded on use: the OpenAI and
 * Anthropic SDKs are ~400 modules that an offline run (provider none) never
 * needs. For fronts that start a process per command (the CLI).
 */
export async function loadChatModel(config: ModelConfig): Promise<ChatModel | undefined> {
  if (config.provider === 'none') return undefined;
  const { openChatModel } = await import('./create-chat-model.js');
  return openChatModel(config);
}
