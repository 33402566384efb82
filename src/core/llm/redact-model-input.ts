import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { redactStrings } from '../secrets/redact-strings.js';

/** Messages already redacted: the history is sent again every round, and scanned once. */
const redacted = new WeakSet<BaseMessage>();

/**
 * Redacts the text of every message before it goes to a chat model: a
 * secret the model never sees is one it cannot repeat, and the provider
 * never stores it. In place, since the messages are this run's own history.
 * The model's own tool calls are sent back too, so their arguments are
 * redacted as well (the provider's copy in `additional_kwargs` included).
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
    if (message instanceof AIMessage) {
      message.tool_calls = await redactStrings(message.tool_calls);
      message.additional_kwargs = await redactStrings(message.additional_kwargs);
    }
    redacted.add(message);
  }
  return messages;
}
