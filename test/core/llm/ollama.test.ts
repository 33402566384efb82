import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createChatModel } from '../../../src/core/llm/create-chat-model.js';
import { parseModelConfig } from '../../../src/core/llm/model-config.js';
import { expectNoKey } from './expect-no-key.js';
import {
  FILE_TEXT,
  FINAL_TEXT,
  QUESTION,
  READ_FILE_PARAMETERS,
  TEST_KEY,
  readFixture,
  readJsonFixture,
  recordBodies,
  runFailingRoundTrip,
  runToolRoundTrip,
  useNock,
} from './tool-round-trip.js';

// The ollama client's default host; ChatOllama always streams /api/chat as NDJSON, even for invoke().
const API = 'http://127.0.0.1:11434';
const NDJSON = { 'content-type': 'application/x-ndjson' };

describe('the Ollama chat model', () => {
  useNock();

  describe('in a tool-call round trip over POST /api/chat (streamed NDJSON)', () => {
    it('sends the model, the tool schema and the tool result, and parses the tool call and the answer', async () => {
      const { bodies, match } = recordBodies();
      nock(API)
        .post('/api/chat', match)
        .reply(200, readFixture('ollama/tool-call.ndjson'), NDJSON)
        .post('/api/chat', match)
        .reply(200, readFixture('ollama/final-answer.ndjson'), NDJSON);

      const { toolCall, answer } = await runToolRoundTrip(createChatModel(parseModelConfig({ provider: 'ollama' })));

      // Ollama sends no tool call id; @langchain/ollama makes up a UUID.
      expect(toolCall.tool_calls).toEqual([
        { name: 'read_file', args: { path: 'src/index.ts' }, id: expect.any(String), type: 'tool_call' },
      ]);
      expect(answer.content).toBe(FINAL_TEXT);
      expect(answer.tool_calls).toEqual([]);
      expect(answer.usage_metadata).toMatchObject({ input_tokens: 214, output_tokens: 19 });

      const [first, second] = bodies;
      expect(first).toMatchObject({ model: 'llama3.1', stream: true, options: { temperature: 0 } });
      expect(first?.messages).toEqual([{ role: 'user', content: QUESTION }]);
      expect(first?.tools).toEqual([
        {
          type: 'function',
          function: { name: 'read_file', description: 'Read a file from the repository', parameters: READ_FILE_PARAMETERS },
        },
      ]);
      expect(second?.tools).toEqual(first?.tools);
      expect(second?.messages).toEqual([
        { role: 'user', content: QUESTION },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { id: toolCall.tool_calls?.[0]?.id, type: 'function', function: { name: 'read_file', arguments: { path: 'src/index.ts' } } },
          ],
        },
        // @langchain/ollama 1.3.0 drops the tool call id and tool name from tool results.
        { role: 'tool', content: FILE_TEXT },
      ]);
    });
  });

  describe('when a hosted Ollama rejects the key with 401', () => {
    it('sent the key as a bearer token, and fails as a model-failed NanodexError that shows no key', async () => {
      const config = parseModelConfig({ provider: 'ollama', apiKey: TEST_KEY, baseUrl: 'https://ollama.example.com' });
      nock('https://ollama.example.com', { reqheaders: { authorization: `Bearer ${TEST_KEY}` } })
        .post('/api/chat')
        .reply(401, readJsonFixture('ollama/unauthorized.json'));

      const error = await runFailingRoundTrip(config);

      expect(error.code).toBe('model-failed');
      expect(error.message).toBe('model request to ollama (llama3.1) failed with HTTP 401: unauthorized');
      expect(error.cause).toMatchObject({ name: 'ResponseError', status_code: 401 });
      expectNoKey(error);
    });
  });

  describe('when the model is not pulled', () => {
    it('says so and suggests ollama pull', async () => {
      const config = parseModelConfig({ provider: 'ollama', model: 'qwen3:8b' });
      nock(API).post('/api/chat').reply(404, { error: 'model "qwen3:8b" not found, try pulling it first' });

      const error = await runFailingRoundTrip(config);

      expect(error.message).toBe(
        'model request to ollama (qwen3:8b) failed with HTTP 404: model "qwen3:8b" not found, try pulling it first',
      );
      expect(error.hint).toContain('ollama pull');
    });
  });

  describe('when the server answers more slowly than timeoutMs', () => {
    it('aborts the request and names the limit', async () => {
      const config = parseModelConfig({ provider: 'ollama', timeoutMs: 50 });
      nock(API).post('/api/chat').delay(1_000).reply(200, readFixture('ollama/final-answer.ndjson'), NDJSON);

      const error = await runFailingRoundTrip(config);

      expect(error.code).toBe('model-failed');
      expect(error.hint).toBe('no answer within the time limit: raise timeoutMs (now 50)');
    });
  });
});
