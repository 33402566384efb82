import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { redactStrings } from '../secrets/redact-strings.js';
import type { ChatMessage, ChatModel, ChatReply, ChatToolSpec } from './chat-model.js';

/**
 * A LangChain chat model behind the core's ChatModel port. The provider's
 * own reply object is kept for each assistant message the core sends back,
 * so provider-specific content (Anthropic's tool_use blocks, OpenAI's
 * function-call ids) goes back exactly as it came.
 */
export function fromLangChain(model: BaseChatModel): ChatModel {
  const originals = new WeakMap<ChatMessage, AIMessage>();
  return {
    async reply(messages, options = {}): Promise<ChatReply> {
      const tools = options.tools ?? [];
      const bound = tools.length > 0 ? model.bindTools!(tools.map(toLangChainTool)) : model;
      const converted = await Promise.all(messages.map((m) => toLangChainMessage(m, originals)));
      const reply = (await bound.invoke(converted, { signal: options.signal })) as AIMessage;
      const answer: ChatReply = {
        content: textOf(reply),
        toolCalls: (reply.tool_calls ?? []).map((call) => ({ id: call.id ?? call.name, name: call.name, args: call.args })),
      };
      return remember(answer, reply, originals);
    },
  };
}

/** The reply as the assistant message the core will push into its history; the original goes with it. */
function remember(reply: ChatReply, original: AIMessage, originals: WeakMap<ChatMessage, AIMessage>): ChatReply {
  const message: ChatMessage = { role: 'assistant', content: reply.content, toolCalls: reply.toolCalls };
  originals.set(message, original);
  return Object.assign(message, reply);
}

async function toLangChainMessage(message: ChatMessage, originals: WeakMap<ChatMessage, AIMessage>): Promise<BaseMessage> {
  switch (message.role) {
    case 'system':
      return new SystemMessage(message.content);
    case 'user':
      return new HumanMessage(message.content);
    case 'assistant': {
      const original = originals.get(message);
      if (original) {
        // The core redacted the text and the arguments (redactModelInput): those go back in the provider's shape, and the
        // provider's own copies (content blocks, additional_kwargs) are redacted as well.
        original.content = typeof original.content === 'string' ? message.content : await redactStrings(original.content);
        original.tool_calls = message.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args, type: 'tool_call' as const }));
        original.additional_kwargs = await redactStrings(original.additional_kwargs);
        return original;
      }
      return new AIMessage({
        content: message.content,
        tool_calls: message.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args, type: 'tool_call' as const })),
      });
    }
    case 'tool':
      return new ToolMessage({
        tool_call_id: message.toolCallId,
        content: message.content,
        ...(message.isError ? { status: 'error' as const } : {}),
      });
  }
}

/** A tool LangChain can bind (its schema travels to the provider); the core runs the calls itself. */
function toLangChainTool(spec: ChatToolSpec) {
  return tool(async () => '', { name: spec.name, description: spec.description, schema: spec.schema as never });
}

/** The text of a reply: a string, or the text blocks of a content array (Anthropic with tools bound). */
function textOf(reply: AIMessage): string {
  if (typeof reply.content === 'string') return reply.content.trim();
  return reply.content
    .map((block) => (typeof block === 'object' && 'text' in block && typeof block.text === 'string' ? block.text : ''))
    .join('')
    .trim();
}
