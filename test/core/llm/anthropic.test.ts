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
  readJsonFixture,
  recordBodies,
  runFailingRoundTrip,
  runToolRoundTrip,
  useNock,
} from './tool-round-trip.js';

const API = 'https://api.anthropic.com';
const config = parseModelConfig({ provider: 'anthropic', apiKey: TEST_KEY });
const TOOL_USE_ID = 'toolu_01A09q90qw90lq917835lq9';

describe('the Anthropic chat model', () => {
  useNock();

  describe('in a tool-call round trip over POST /v1/messages', () => {
    it('sends the model, the tool schema and the tool result, and parses the tool call and the answer', async () => {
      const { bodies, match } = recordBodies();
      nock(API, { reqheaders: { 'x-api-key': TEST_KEY, 'anthropic-version': '2023-06-01' } })
        .post('/v1/messages', match)
        .reply(200, readJsonFixture('anthropic/tool-call.json'), { 'request-id': 'req_tool_call' })
        .post('/v1/messages', match)
        .reply(200, readJsonFixture('anthropic/final-answer.json'), { 'request-id': 'req_answer' });

      const { toolCall, answer } = await runToolRoundTrip(createChatModel(config));

      expect(toolCall.tool_calls).toEqual([{ name: 'read_file', args: { path: 'src/index.ts' }, id: TOOL_USE_ID, type: 'tool_call' }]);
      expect(answer.content).toBe(FINAL_TEXT);
      expect(answer.tool_calls).toEqual([]);

      const [first, second] = bodies;
      expect(first).toMatchObject({ model: 'claude-haiku-4-5', temperature: 0, stream: false, max_tokens: expect.any(Number) });
      expect(first?.messages).toEqual([{ role: 'user', content: QUESTION }]);
      expect(first?.tools).toEqual([
        { name: 'read_file', description: 'Read a file from the repository', input_schema: READ_FILE_PARAMETERS },
      ]);
      expect(second?.tools).toEqual(first?.tools);
      expect(second?.messages).toEqual([
        { role: 'user', content: QUESTION },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: "I'll read the file." },
            { type: 'tool_use', id: TOOL_USE_ID, name: 'read_file', input: { path: 'src/index.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: TOOL_USE_ID, content: FILE_TEXT }] },
      ]);
    });
  });

  describe('when the key is rejected with 401', () => {
    it('fails once, without retrying, as a model-failed NanodexError that shows no key', async () => {
      nock(API)
        .post('/v1/messages')
        .once()
        .reply(401, readJsonFixture('anthropic/unauthorized.json'), { 'request-id': 'req_011CVMjcRVx8Gc5vEsAKcJ2h' });

      const error = await runFailingRoundTrip(config);

      expect(error.code).toBe('model-failed');
      expect(error.message).toBe('model request to anthropic (claude-haiku-4-5) failed with HTTP 401: invalid x-api-key');
      expect(error.hint).toBe('the provider rejected the API key: check NANODEX_ANTHROPIC_API_KEY or --api-key');
      expect(error.cause).toMatchObject({ name: 'AuthenticationError', status: 401, requestID: 'req_011CVMjcRVx8Gc5vEsAKcJ2h' });
      expectNoKey(error);
    });
  });
});
