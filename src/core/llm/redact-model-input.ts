import { redactSecrets } from '../secrets/redact-secrets.js';
import { redactStrings } from '../secrets/redact-strings.js';
import type { ChatMessage } from './chat-model.js';

/** Messages already redacted: the history is sent again every round, and scanned once. */
const redacted = new WeakSet<ChatMessage>();

/**
 * Redacts the text of every message before it goes to a chat model: a
 * secret the model never sees is one it cannot repeat, and the provider
 * never stores it. In place, since the messages are this run's own history.
 * The model's own tool calls are sent back too, so their arguments are
 * redacted as well.
 */
export async function redactModelInput(messages: ChatMessage[]): Promise<ChatMessage[]> {
  for (const message of messages) {
    if (redacted.has(message)) continue;
    message.content = await redactSecrets(message.content);
    if (message.role === 'assistant') message.toolCalls = await redactStrings(message.toolCalls);
    redacted.add(message);
  }
  return messages;
}
