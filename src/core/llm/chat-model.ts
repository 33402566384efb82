import type { z } from 'zod';

/** A tool call a model asked for. */
export interface ChatToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** The conversation with a model, in the core's own words (no provider's or library's types). */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls: ChatToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string; isError?: boolean };

/** A tool the model may call: its name, what it does, and its arguments' schema. */
export interface ChatToolSpec {
  name: string;
  description: string;
  schema: z.ZodType;
}

export interface ChatReply {
  /** The reply's text ('' when it only calls tools). */
  content: string;
  toolCalls: ChatToolCall[];
}

/**
 * The model port: one reply to a conversation, with the tools it may call.
 * Every provider sits behind it (`fromLangChain` in langchain-chat-model.ts
 * adapts LangChain's chat models); the core never sees a provider type.
 */
export interface ChatModel {
  reply(messages: ChatMessage[], options?: { tools?: ChatToolSpec[]; signal?: AbortSignal }): Promise<ChatReply>;
}
