import type { BaseMessage } from '@langchain/core/messages';
import { redactSecrets } from '../secrets/redact-secrets.js';

/** Messages already redacted: the history is sent again every round, and scanned once. */
const redacted = new WeakSet<BaseMessage>();

/**
 * Redacts the text of every message before it goes to a chat model: a
 * secret the model never sees is one it cannot repeat, and the provider
 * never stores it. In place, since the messages are this run's own history.
 * Tool calls keep their arguments (they are the model's words, sent back).
 */
export async function redactModelInput(messages: BaseMessage[]): Promise<BaseMessage[]> {
  for (const message of messages) {
    if (redacted.has(message)) continue;
    if (typeof message.content === 'string') {
      message.content = await redactSecrets(message.content);
    } else {
      for (const block of message.content) {
        if (typeof block === 'object' && 'text' in block && typeof block.text === 'string') block.text = await redactSecrets(block.text);
      }
    }
    redacted.add(message);
  }
  return messages;
}
