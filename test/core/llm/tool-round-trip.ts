import { readFileSync } from 'node:fs';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import type { NanodexError } from '../../../src/core/errors.js';
import { createChatModel } from '../../../src/core/llm/create-chat-model.js';
import type { ModelConfig } from '../../../src/core/llm/model-config.js';
import { toModelError } from '../../../src/core/llm/to-model-error.js';

/** A test key: long enough to be redacted, obviously fake. */
export const TEST_KEY = 'sk-test-nanodex-0000000000000000000000000key1';

export const QUESTION = 'What does src/index.ts export?';
export const FILE_TEXT = 'export const answer = 42;\n';
export const FINAL_TEXT = 'src/index.ts exports `answer`, a constant equal to 42 (src/index.ts:1).';

export const readFileTool = tool(async ({ path }) => (path === 'src/index.ts' ? FILE_TEXT : `no such file: ${path}`), {
  name: 'read_file',
  description: 'Read a file from the repository',
  schema: z.object({ path: z.string().describe('repo-relative path') }),
});

/** The JSON schema every provider should receive for read_file (zod 4 via LangChain). */
export const READ_FILE_PARAMETERS = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { path: { type: 'string', description: 'repo-relative path' } },
  required: ['path'],
  additionalProperties: false,
};

/** Network off for the file; every test must use up its interceptors. */
export function useNock(): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending, 'interceptors left unused').toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());
}

export function readFixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/llm/${name}`, import.meta.url), 'utf8');
}

export function readJsonFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFixture(name)) as Record<string, unknown>;
}

/** A nock body matcher that keeps every JSON body it sees. */
export function recordBodies(): { bodies: Array<Record<string, unknown>>; match: (body: Record<string, unknown>) => boolean } {
  const bodies: Array<Record<string, unknown>> = [];
  return { bodies, match: (body) => (bodies.push(body), true) };
}

export interface RoundTrip {
  toolCall: AIMessage;
  answer: AIMessage;
  /** The messages sent on the second call: question, tool call, tool result. */
  messages: BaseMessage[];
}

/** Binds read_file, asks, runs the tool call the model makes, sends the result back and returns both replies. */
export async function runToolRoundTrip(model: BaseChatModel | undefined): Promise<RoundTrip> {
  if (model?.bindTools === undefined) throw new Error('expected a chat model that can bind tools');
  const bound = model.bindTools([readFileTool]);
  const messages: BaseMessage[] = [new HumanMessage(QUESTION)];
  const toolCall = await bound.invoke(messages);
  const [call] = toolCall.tool_calls ?? [];
  if (call === undefined) throw new Error(`expected a tool call, got ${JSON.stringify(toolCall.content)}`);
  messages.push(toolCall, await readFileTool.invoke(call));
  const answer = await bound.invoke(messages);
  return { toolCall, answer, messages };
}

/** Runs the round trip with the model `config` names, expecting it to fail; returns the error as the core translates it. */
export async function runFailingRoundTrip(config: ModelConfig): Promise<NanodexError> {
  try {
    await runToolRoundTrip(createChatModel(config));
  } catch (error) {
    return toModelError(error, config);
  }
  throw new Error('expected the round trip to fail');
}
