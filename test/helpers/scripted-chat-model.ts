import type { BaseChatModelCallOptions, BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage, ToolCall } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import type { ChatModel } from '../../src/core/llm/chat-model.js';
import { fromLangChain } from '../../src/core/llm/langchain-chat-model.js';

/** A scripted reply: plain text, or text plus tool calls (ids are filled in when left out). */
export type ScriptedReply = string | AIMessage | { content?: string; toolCalls: Array<Omit<ToolCall, 'id'> & { id?: string }> };

export interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** What one call to the model received. */
export interface RecordedCall {
  messages: BaseMessage[];
  /** Names of the tools bound for this call, in order; empty when none were bound. */
  toolNames: string[];
}

/**
 * A chat model for tests that answers with scripted messages in order and
 * records every call. Tools travel as call options, as with the real
 * providers, so `model.bindTools(tools).invoke(messages)` behaves the same.
 * The fakes in @langchain/core/utils/testing cannot script a tool loop.
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  readonly calls: RecordedCall[] = [];
  private readonly replies: AIMessage[];
  private nextReply = 0;

  constructor(replies: ScriptedReply[]) {
    super({});
    this.replies = replies.map(toAIMessage);
  }

  static override lc_name(): string {
    return 'ScriptedChatModel';
  }

  _llmType(): string {
    return 'scripted';
  }

  /** Replies not yet given; a test can assert the script was used up. */
  get remaining(): number {
    return this.replies.length - this.nextReply;
  }

  /** The core's ChatModel port, through the same LangChain adapter every provider uses. */
  readonly reply: ChatModel['reply'] = (messages, options) => this.port.reply(messages, options);
  private readonly port: ChatModel = fromLangChain(this);

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedCallOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const toolNames = (options.tools ?? []).map(toToolName);
    this.calls.push({ messages: [...messages], toolNames });
    const reply = this.replies[this.nextReply];
    if (reply === undefined) {
      const last = messages.at(-1);
      throw new Error(
        `ScriptedChatModel: the script has ${this.replies.length} replies and call ${this.calls.length} asked for another ` +
          `(last message: ${last === undefined ? 'none' : `${last.type} ${JSON.stringify(last.content).slice(0, 80)}`}; tools: ${toolNames.join(', ') || 'none'})`,
      );
    }
    this.nextReply += 1;
    // A copy, so LangChain's bookkeeping on the returned message never changes the script.
    const message = new AIMessage({
      content: reply.content,
      tool_calls: reply.tool_calls ?? [],
      invalid_tool_calls: reply.invalid_tool_calls ?? [],
      usage_metadata: reply.usage_metadata,
      response_metadata: { ...reply.response_metadata },
      additional_kwargs: { ...reply.additional_kwargs },
      id: reply.id,
    });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

function toAIMessage(reply: ScriptedReply, index: number): AIMessage {
  if (typeof reply === 'string') return new AIMessage(reply);
  if (reply instanceof AIMessage) return reply;
  return new AIMessage({
    content: reply.content ?? '',
    tool_calls: reply.toolCalls.map((call, n) => ({ ...call, id: call.id ?? `call_${index + 1}_${n + 1}`, type: 'tool_call' as const })),
  });
}

function toToolName(tool: BindToolsInput): string {
  if (typeof tool === 'object' && tool !== null && 'name' in tool && typeof tool.name === 'string') return tool.name;
  return convertToOpenAITool(tool).function.name;
}
