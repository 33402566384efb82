import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

const files: Record<string, string> = { 'src/index.ts': 'export const answer = 42;\n' };

const readFile = tool(async ({ path }) => files[path] ?? `no such file: ${path}`, {
  name: 'read_file',
  description: 'Read a file from the repository',
  schema: z.object({ path: z.string() }),
});

const listFiles = tool(async () => Object.keys(files).join('\n'), {
  name: 'list_files',
  description: 'List the repository files',
  schema: z.object({}),
});

/** The loop an agent runs: ask, run the tool calls, send the results back, until a text answer. */
async function runToolLoop(model: ScriptedChatModel, question: string, maxTurns = 5): Promise<BaseMessage[]> {
  const bound = model.bindTools([readFile, listFiles]);
  const messages: BaseMessage[] = [new SystemMessage('Answer from the code.'), new HumanMessage(question)];
  for (let turn = 0; turn < maxTurns; turn += 1) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const call of reply.tool_calls) {
      messages.push(call.name === 'read_file' ? await readFile.invoke(call) : await listFiles.invoke(call));
    }
  }
  throw new Error('tool loop did not finish');
}

describe('ScriptedChatModel', () => {
  it('answers with the scripted messages in order', async () => {
    const model = new ScriptedChatModel(['first', new AIMessage('second')]);
    expect((await model.invoke('one')).content).toBe('first');
    expect((await model.invoke('two')).content).toBe('second');
    expect(model.remaining).toBe(0);
  });

  it('returns scripted tool calls as parsed tool_calls, filling in missing ids', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }] }]);
    const reply = await model.bindTools([readFile]).invoke('read a.ts');
    expect(reply).toBeInstanceOf(AIMessage);
    expect(reply.tool_calls).toEqual([{ name: 'read_file', args: { path: 'a.ts' }, id: 'call_1_1', type: 'tool_call' }]);
  });

  it('streams a scripted reply as one chunk', async () => {
    const model = new ScriptedChatModel(['streamed']);
    const chunks = [];
    for await (const chunk of await model.stream('hi')) chunks.push(chunk.content);
    expect(chunks).toEqual(['streamed']);
  });

  describe('when tools are bound', () => {
    it('records the bound tool names with each call and leaves the unbound model without tools', async () => {
      const model = new ScriptedChatModel(['with tools', 'without tools']);
      await model.bindTools([readFile, listFiles]).invoke('hi');
      await model.invoke('hi again');
      expect(model.calls.map((c) => c.toolNames)).toEqual([['read_file', 'list_files'], []]);
    });

    it('passes the tools as call options, as the real providers do', async () => {
      const model = new ScriptedChatModel(['ok']);
      await model.invoke('hi', { tools: [readFile] });
      expect(model.calls[0]?.toolNames).toEqual(['read_file']);
    });

    it('names tools given in OpenAI format or as plain definitions', async () => {
      const model = new ScriptedChatModel(['ok']);
      const openAiTool = {
        type: 'function',
        function: { name: 'search', description: 'Search', parameters: { type: 'object', properties: {} } },
      };
      await model.bindTools([openAiTool, { name: 'grep', description: 'Grep', schema: z.object({ q: z.string() }) }]).invoke('hi');
      expect(model.calls[0]?.toolNames).toEqual(['search', 'grep']);
    });
  });

  describe('in a multi-turn tool loop', () => {
    it('sees each tool result and ends with the scripted answer', async () => {
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'list_files', args: {} }] },
        { content: 'Reading it.', toolCalls: [{ name: 'read_file', args: { path: 'src/index.ts' }, id: 'call_read' }] },
        'The answer is 42 (src/index.ts:1).',
      ]);

      const messages = await runToolLoop(model, 'What is the answer?');

      expect(messages.at(-1)?.content).toBe('The answer is 42 (src/index.ts:1).');
      expect(model.calls.map((c) => c.messages.map((m) => m.type))).toEqual([
        ['system', 'human'],
        ['system', 'human', 'ai', 'tool'],
        ['system', 'human', 'ai', 'tool', 'ai', 'tool'],
      ]);
      const lastResult = model.calls[2]?.messages.at(-1);
      expect(lastResult).toBeInstanceOf(ToolMessage);
      expect(lastResult).toMatchObject({ tool_call_id: 'call_read', content: 'export const answer = 42;\n' });
      expect(model.calls.every((c) => c.toolNames.join() === 'read_file,list_files')).toBe(true);
    });

    it("records a snapshot of the messages, not the caller's growing array", async () => {
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'list_files', args: {} }] }, 'done']);
      await runToolLoop(model, 'list');
      expect(model.calls[0]?.messages).toHaveLength(2);
    });
  });

  describe('when the script runs out', () => {
    it('throws an error that says how many replies there were and what was asked', async () => {
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'read_file', args: { path: 'missing.ts' } }] }]);
      await expect(runToolLoop(model, 'read missing.ts')).rejects.toThrow(
        /script has 1 replies and call 2 asked for another \(last message: tool "no such file: missing\.ts"; tools: read_file, list_files\)/,
      );
    });
  });
});
