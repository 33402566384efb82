import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
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

const API = 'https://api.openai.com';
const config = parseModelConfig({ provider: 'openai', apiKey: TEST_KEY });

describe('the OpenAI chat model', () => {
  useNock();

  describe('in a tool-call round trip over POST /v1/chat/completions', () => {
    it('sends the model, the tool schema and the tool result, and parses the tool call and the answer', async () => {
      const { bodies, match } = recordBodies();
      nock(API, { reqheaders: { authorization: `Bearer ${TEST_KEY}` } })
        .post('/v1/chat/completions', match)
        .reply(200, readJsonFixture('openai/tool-call.json'), { 'x-request-id': 'req_tool_call' })
        .post('/v1/chat/completions', match)
        .reply(200, readJsonFixture('openai/final-answer.json'), { 'x-request-id': 'req_answer' });

      const { toolCall, answer } = await runToolRoundTrip(createChatModel(config));

      expect(toolCall.tool_calls).toEqual([
        { name: 'read_file', args: { path: 'src/index.ts' }, id: 'call_Qx7rKZ2mN4bV8pL1sT6wY3cE', type: 'tool_call' },
      ]);
      expect(answer.content).toBe(FINAL_TEXT);
      expect(answer.tool_calls).toEqual([]);

      const [first, second] = bodies;
      expect(first).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, stream: false });
      expect(first?.messages).toEqual([{ role: 'user', content: QUESTION }]);
      expect(first?.tools).toEqual([
        {
          type: 'function',
          function: {
            name: 'read_file',
            description: 'Read a file from the repository',
            parameters: READ_FILE_PARAMETERS,
          },
        },
      ]);
      expect(second?.tools).toEqual(first?.tools);
      expect(second?.messages).toEqual([
        { role: 'user', content: QUESTION },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            {
              id: 'call_Qx7rKZ2mN4bV8pL1sT6wY3cE',
              type: 'function',
              function: { name: 'read_file', arguments: '{"path":"src/index.ts"}' },
            },
          ],
        },
        { role: 'tool', name: 'read_file', content: FILE_TEXT, tool_call_id: 'call_Qx7rKZ2mN4bV8pL1sT6wY3cE' },
      ]);
    });
  });

  describe('when the key is rejected with 401', () => {
    it('fails once, without retrying, as a model-failed NanodexError that shows no key', async () => {
      nock(API).post('/v1/chat/completions').once().reply(401, readJsonFixture('openai/unauthorized.json'));

      const error = await runFailingRoundTrip(config);

      expect(error).toBeInstanceOf(NanodexError);
      expect(error.code).toBe('model-failed');
      expect(error.message).toBe(
        'model request to openai (gpt-4o-mini) failed with HTTP 401: Incorrect API key provided: [redacted]. ' +
          'You can find your API key at https://platform.openai.com/account/api-keys.',
      );
      expect(error.hint).toBe('the provider rejected the API key: check NANODEX_OPENAI_API_KEY or --api-key');
      expect(error.cause).toMatchObject({ name: 'AuthenticationError', status: 401, code: 'invalid_api_key' });
      expectNoKey(error);
    });

    it('strips the key and the Authorization header even when a proxy echoes them back', async () => {
      nock(API)
        .post('/v1/chat/completions')
        .reply(401, function () {
          return { error: { message: `bad key ${TEST_KEY}; request had Authorization: ${String(this.req.headers.authorization)}` } };
        });

      const error = await runFailingRoundTrip(config);

      expect(error.message).toContain('bad key [redacted]; request had Authorization: [redacted]');
      expectNoKey(error);
    });
  });

  describe('with maxRetries 0', () => {
    it("sends one request and reports a server error as the provider's fault", async () => {
      nock(API)
        .post('/v1/chat/completions')
        .once()
        .reply(500, { error: { message: 'The server had an error while processing your request.' } });

      const error = await runFailingRoundTrip({ ...config, maxRetries: 0 });

      expect(error.message).toBe(
        'model request to openai (gpt-4o-mini) failed with HTTP 500: The server had an error while processing your request.',
      );
      expect(error.hint).toBe('the provider had an error: retry later');
    });
  });

  describe('where the base URL comes from', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('ignores OPENAI_BASE_URL and LANGSMITH_GATEWAY in the environment', async () => {
      vi.stubEnv('OPENAI_BASE_URL', 'https://elsewhere.example.com/v1');
      vi.stubEnv('LANGSMITH_GATEWAY', 'true');
      nock(API).post('/v1/chat/completions').reply(200, readJsonFixture('openai/tool-call.json'));
      nock(API).post('/v1/chat/completions').reply(200, readJsonFixture('openai/final-answer.json'));

      const { answer } = await runToolRoundTrip(createChatModel(config));

      expect(answer.content).toBe(FINAL_TEXT);
    });

    it('uses baseUrl for an OpenAI-compatible server', async () => {
      nock('http://localhost:4000').post('/v1/chat/completions').reply(200, readJsonFixture('openai/tool-call.json'));
      nock('http://localhost:4000').post('/v1/chat/completions').reply(200, readJsonFixture('openai/final-answer.json'));

      const { answer } = await runToolRoundTrip(createChatModel({ ...config, baseUrl: 'http://localhost:4000/v1' }));

      expect(answer.content).toBe(FINAL_TEXT);
    });
  });
});
